import { formatRrr, type WalletTransaction } from "@hospipay/contract";
import { Breakable } from "../../../components/ui/breakable";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { formatNairaAmount } from "../../../lib/money";
import { paymentStatusLabel, paymentStatusText } from "../../../lib/payment-status";
import { formatWatDateTime } from "../../../lib/wat-time";
import { t, type MessageDescriptor } from "../../../i18n";
import { transactionMessages as m } from "../messages";

/** SPEC §3: 'credit' is money in; every other type is a charge. */
export function isCredit(transaction: Pick<WalletTransaction, "transaction_type">): boolean {
  return transaction.transaction_type.toLowerCase() === "credit";
}

/**
 * SPEC §2: a credit still 'pending' can be resumed with its stored reference and RRR, unless the API says
 * it can no longer be paid (`gateway: null`: its time ran out, or it never got an RRR).
 */
export function canProceed(transaction: WalletTransaction): boolean {
  return (
    isCredit(transaction) &&
    transaction.status.toLowerCase() === "pending" &&
    Boolean(transaction.rrr && transaction.reference) &&
    transaction.gateway !== null
  );
}

const STATUS_STYLES: Record<string, string> = {
  completed: "bg-emerald-100 text-emerald-900",
  pending: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-900",
  held: "bg-amber-100 text-amber-900",
};

/** A credit held over the customer's KYC tier cap: money that arrived and is not in the wallet yet. */
const isHeld = (transaction: Pick<WalletTransaction, "status">) => transaction.status.toLowerCase() === "held";

/** How the gateway's own reference is labelled: Remita's RRR, Monnify's transaction reference, Paystack's reference. */
function gatewayReferenceLabel(gateway: WalletTransaction["payment_gateway"]): string {
  if (gateway === "monnify") return t(m.monnifyReference);
  if (gateway === "paystack") return t(m.paystackReference);
  return "RRR";
}

/** What a top-up that never credited the wallet says, by what closed it. */
const UNPAID_TOP_UP: Record<string, MessageDescriptor> = {
  failed: m.unpaidFailed,
  cancelled: m.unpaidCancelled,
  expired: m.unpaidExpired,
};

/**
 * Green completed, yellow pending, red failed, grey anything else: SPEC's word, with what a pending row
 * or one closed unpaid means beside it ("pending (awaiting payment)", "failed (expired)").
 */
export function StatusBadge({ status, closedReason }: { status: string; closedReason?: string | null }) {
  const label = isHeld({ status }) ? "held" : paymentStatusLabel(status);
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold",
        STATUS_STYLES[label] ?? "bg-slate-100 text-slate-800",
      )}
    >
      {label === "held" ? t(m.held) : paymentStatusText(status, closedReason)}
    </span>
  );
}

/**
 * How a movement's amount reads. Only money that moved carries a sign: a completed credit is a green "+",
 * a completed charge a "−". A failed movement never moved money (struck through and muted, with words for
 * screen readers); one still awaited is plain, with no sign.
 */
function MovementAmount({ transaction }: { transaction: WalletTransaction }) {
  const amount = formatNairaAmount(transaction.amount);
  const status = transaction.status.toLowerCase();
  if (status === "failed") {
    return (
      <p className="font-semibold text-slate-500 tabular-nums">
        <span className="sr-only">{`${t(isCredit(transaction) ? m.notAdded : m.notCharged)} `}</span>
        <s>{amount}</s>
      </p>
    );
  }
  if (status !== "completed") {
    return (
      <p className="font-semibold text-slate-700 tabular-nums">
        <span className="sr-only">{`${t(status === "held" ? m.notYetInWallet : m.notYetPaid)} `}</span>
        {amount}
      </p>
    );
  }
  const credit = isCredit(transaction);
  return (
    <p className={cn("font-semibold tabular-nums", credit ? "text-emerald-800" : "text-slate-900")}>
      {credit ? "+" : "−"}
      {amount}
    </p>
  );
}

/**
 * Wallet transactions with SPEC §2's fields: id, transaction_type, amount, created_at, status, rrr
 * and reference. A pending credit that can still be paid gets a 'Proceed' button.
 */
export function WalletTransactionList({
  transactions,
  label,
  onProceed,
  proceedDisabled = false,
  busy = false,
}: {
  transactions: readonly WalletTransaction[];
  label: string;
  onProceed: (transaction: WalletTransaction) => void;
  proceedDisabled?: boolean;
  /** True while a newer page replaces this one. */
  busy?: boolean;
}) {
  return (
    <ul
      aria-label={label}
      aria-busy={busy || undefined}
      className={cn(
        "divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-opacity",
        busy && "opacity-60",
      )}
    >
      {transactions.map((transaction) => {
        const credit = isCredit(transaction);
        const unpaid = UNPAID_TOP_UP[transaction.closed_reason ?? "failed"];
        return (
          <li key={transaction.id} aria-label={t(m.item, { id: String(transaction.id) })} className="px-4 py-4 sm:px-5">
            <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  <span className="capitalize">{t(m.type, { type: transaction.transaction_type || "charge" })}</span>
                  <span className="font-normal text-slate-600">
                    {" "}
                    · {t(credit ? (transaction.sender_name ? m.bankTransfer : m.topUp) : m.payment)}
                  </span>
                </p>
                {credit && transaction.sender_name && (
                  <p className="text-sm wrap-anywhere text-slate-700">{t(m.from, { name: transaction.sender_name })}</p>
                )}
                <p className="text-sm text-slate-600">
                  <time dateTime={transaction.created_at}>{formatWatDateTime(transaction.created_at)}</time>
                </p>
              </div>
              <div className="ml-auto flex flex-col items-end gap-1">
                <MovementAmount transaction={transaction} />
                <StatusBadge status={transaction.status} closedReason={transaction.closed_reason} />
              </div>
            </div>
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
              <dt className="text-slate-600">{t(m.id)}</dt>
              <dd className="text-slate-900 tabular-nums">{transaction.id}</dd>
              <dt className="text-slate-600">{gatewayReferenceLabel(transaction.payment_gateway)}</dt>
              <dd className="break-all text-slate-900 tabular-nums">
                {(transaction.payment_gateway ?? "remita") === "remita"
                  ? formatRrr(transaction.rrr) || "—"
                  : transaction.rrr || "—"}
              </dd>
              <dt className="text-slate-600">{t(m.reference)}</dt>
              <dd className="wrap-anywhere text-slate-900">
                <Breakable text={transaction.reference} />
              </dd>
            </dl>
            {canProceed(transaction) && (
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <Button variant="secondary" onClick={() => onProceed(transaction)} disabled={proceedDisabled}>
                  {t(m.proceed)}
                </Button>
                <p className="text-sm text-slate-600">{t(m.waiting)}</p>
              </div>
            )}
            {credit && isHeld(transaction) && <p className="mt-3 text-sm text-slate-700">{t(m.heldExplained)}</p>}
            {credit && transaction.status.toLowerCase() === "failed" && (
              <p className="mt-3 text-sm text-slate-600">{unpaid && t(unpaid)}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
