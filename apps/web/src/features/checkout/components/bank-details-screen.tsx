import { koboToDecimal, type BankAccount } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation, useParams } from "react-router";
import { toast } from "../../../lib/toast";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { errorDetail } from "../../../lib/api-client";
import { cart } from "../../../lib/cart-store";
import { cartTotals } from "../../../lib/cart-totals";
import { formatNairaAmount } from "../../../lib/money";
import { isUnknownPayment, paymentQueryOptions, type PaymentRecord } from "../api/get-payment";
import { useSimulateMonnifyTransfer } from "../api/simulate-monnify-transfer";
import { useNow } from "../hooks/use-now";
import { readPaymentSuccessState, type PaymentSuccessState } from "../utils/payment-success-state";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { bankMessages as m } from "../messages";

/** How often a pending Monnify payment is asked for while the tab is visible. */
export const POLL_INTERVAL_MS = 5_000;

/** SPEC §2 "placeholder bank information": the hospital's account when the payment carries none. */
const PLACEHOLDER_ACCOUNT: BankAccount = {
  bank_name: "Hospipay Partner Bank",
  account_name: "Hospipay Hospital Collections",
  account_number: "0123456789",
};

/** A time as ISO-8601, or Monnify's zone-less "2024-05-02 11:30:00.0", which is West Africa Time. */
function parseTime(value: string): number | null {
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d{1,3})?\d*$/.exec(value.trim());
  const parsed = local ? Date.parse(`${local[1]}T${local[2]}${local[3] ?? ""}+01:00`) : Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

/**
 * When the transfer must be made by: the earlier of the payment's own deadline (`expires_at`) and the
 * one-time account's expiry from Monnify (`bank_account.expires_on`); null when neither is known.
 */
export function expiryTime(payment: Pick<PaymentRecord, "expires_at" | "bank_account">): number | null {
  const times = [payment.expires_at, payment.bank_account?.expires_on]
    .map((value) => (value ? parseTime(value) : null))
    .filter((time): time is number => time !== null);
  return times.length > 0 ? Math.min(...times) : null;
}

/** "4:05", "1:02:03". */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

function isExpired(payment: PaymentRecord, now: number): boolean {
  if (payment.transaction_status.toUpperCase() === "EXPIRED") return true;
  const expiry = expiryTime(payment);
  return payment.status === "pending" && expiry !== null && expiry <= now;
}

/**
 * /bank-details/:method/:reference (SPEC §2). For `monnify` it shows the one-time account the gateway
 * generated, the exact amount and the time left, and asks the server every 5 s while the payment is
 * pending and the tab visible; once completed the cart is cleared and the receipt is offered. For
 * `bank_transfer` it shows the hospital's account (or the placeholder) and the 24-48 hours notice.
 */
export function BankDetailsScreen() {
  const { method = "", reference = "" } = useParams();
  const known = method === "monnify" || method === "bank_transfer";

  return (
    <div className="mx-auto max-w-lg px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t(m.title)}</h1>
      {!known ? (
        <Alert tone="error" className="mt-6">
          {t(m.unknownMethod)}
        </Alert>
      ) : method === "monnify" ? (
        <MonnifyDetails reference={reference} />
      ) : (
        <HospitalAccountDetails reference={reference} />
      )}
      <ButtonLink to="/" variant="secondary" className="mt-8 w-full">
        {t(m.backHome)}
      </ButtonLink>
    </div>
  );
}

function NotFound({ reference }: { reference: string }) {
  return (
    <Alert tone="error" className="mt-6">
      {t(m.notFound, {
        reference,
        ref: (chunks) => <span className="font-mono font-semibold break-all">{chunks}</span>,
      })}
    </Alert>
  );
}

function MonnifyDetails({ reference }: { reference: string }) {
  const location = useLocation();
  const passed = readPaymentSuccessState(location.state);
  const payment = useQuery({
    ...paymentQueryOptions(reference),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && data.status === "pending" && !isExpired(data, Date.now()) ? POLL_INTERVAL_MS : false;
    },
    // A hidden tab is not polled; TanStack Query resumes when it is visible again.
    refetchIntervalInBackground: false,
  });
  const data = payment.data;
  const pending = data?.status === "pending";
  const now = useNow(1000, pending);
  const completed = data?.status === "completed";

  useEffect(() => {
    if (completed) cart.clear();
  }, [completed]);

  if (payment.isPending) {
    return (
      <p role="status" className="mt-6 flex items-center gap-2 text-slate-600">
        <Spinner /> Loading payment details…
      </p>
    );
  }
  if (payment.isError && isUnknownPayment(payment.error)) return <NotFound reference={reference} />;
  if (!data) {
    return (
      <div className="mt-6 space-y-3">
        <Alert tone="error">{t(m.loadFailed)}</Alert>
        <Button variant="secondary" onClick={() => void payment.refetch()} busy={payment.isFetching}>
          {t(m.tryAgain)}
        </Button>
      </div>
    );
  }

  if (completed) {
    const receiptState: PaymentSuccessState = {
      paymentData: { ...data, status: data.transaction_status },
      customerDetails: passed.customerDetails ?? {
        name: data.customer?.name ?? "",
        email: data.customer?.email ?? "",
        phone: data.customer?.phone ?? "",
        hospitalNumber: data.customer?.hospital_number ?? "",
        transactionDescription: "",
      },
      cart: passed.cart ?? [],
      chargeFee: data.charge_fee ?? passed.chargeFee ?? koboToDecimal(cartTotals([]).chargeFeeKobo),
      transactionReference: data.reference,
      transactionId: passed.transactionId ?? data.reference,
    };
    return (
      <div className="mt-6 space-y-4">
        <Alert tone="success">
          <p className="font-semibold">{t(m.received)}</p>
          <p className="mt-1">{t(m.confirmed, { amount: formatNairaAmount(data.amount) })}</p>
        </Alert>
        <ButtonLink
          to={`/payment-success?reference=${encodeURIComponent(data.reference)}`}
          state={receiptState}
          className="w-full"
        >
          {t(m.viewReceipt)}
        </ButtonLink>
      </div>
    );
  }
  if (data.status === "failed" || data.status === "refunded") {
    return (
      <Alert tone="error" className="mt-6">
        {t(data.status === "refunded" ? m.refunded : m.failed)}
      </Alert>
    );
  }
  if (isExpired(data, now)) {
    return (
      <Alert tone="error" className="mt-6">
        {t(m.expired)}
      </Alert>
    );
  }

  const account = data.bank_account;
  const amount = account?.amount ?? data.amount;
  const expiry = expiryTime(data);
  return (
    <>
      <p className="mt-2 text-slate-600">
        {t(m.transferExactly, {
          amount: formatNairaAmount(amount),
          b: (chunks) => <span className="font-semibold text-slate-900">{chunks}</span>,
        })}
      </p>
      {account ? (
        <AccountCard
          account={account}
          amount={amount}
          reference={data.reference}
          expiresIn={expiry !== null ? formatCountdown(expiry - now) : undefined}
        />
      ) : (
        <Alert tone="error" className="mt-6">
          {t(m.noAccount)}
        </Alert>
      )}
      <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-600">
        <Spinner /> {t(m.waiting)}
      </p>
      {data.sandbox && account && <SandboxTransfer reference={data.reference} account={account} amount={amount} />}
    </>
  );
}

function AccountCard({
  account,
  amount,
  reference,
  expiresIn,
}: {
  account: BankAccount;
  amount: string | undefined;
  reference: string;
  expiresIn?: string;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(account.account_number);
      setCopied(true);
      toast.success(t(m.copied));
    } catch {
      toast.error(t(m.copyFailed));
    }
  };
  return (
    <dl className="mt-6 space-y-4 rounded-2xl border border-slate-200 bg-white p-5 text-sm shadow-sm sm:p-6">
      <div>
        <dt className="text-slate-600">{t(m.accountNumber)}</dt>
        <dd className="mt-1 flex flex-wrap items-center justify-between gap-3">
          <span className="font-mono text-2xl font-bold tracking-wider text-slate-900">{account.account_number}</span>
          <Button variant="secondary" onClick={() => void copy()} aria-label={t(m.copyLabel)}>
            {t(copied ? m.copyDone : m.copy)}
          </Button>
        </dd>
      </div>
      <Row label={t(m.bank)} value={account.bank_name} />
      <Row label={t(m.accountName)} value={account.account_name} />
      {amount && <Row label={t(m.amount)} value={formatNairaAmount(amount)} strong />}
      <Row label={t(m.reference)} value={reference} mono />
      {expiresIn !== undefined && (
        <div className="flex justify-between gap-4 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
          <dt>{t(m.expiresIn)}</dt>
          <dd className="font-semibold tabular-nums">
            <span aria-hidden="true">{expiresIn}</span>
            <span className="sr-only">{t(m.expiresInSr, { time: expiresIn })}</span>
          </dd>
        </div>
      )}
    </dl>
  );
}

function Row({ label, value, mono = false, strong = false }: { label: string; value: string; mono?: boolean; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd
        className={[
          "text-right break-all text-slate-900",
          mono ? "font-mono" : "",
          strong ? "text-base font-bold tabular-nums" : "font-medium",
        ].join(" ")}
      >
        {value}
      </dd>
    </div>
  );
}

function SandboxTransfer({
  reference,
  account,
  amount,
}: {
  reference: string;
  account: BankAccount;
  amount: string | undefined;
}) {
  const simulate = useSimulateMonnifyTransfer(reference);
  return (
    <section
      aria-labelledby="sandbox-heading"
      className="mt-6 rounded-2xl border-2 border-dashed border-violet-400 bg-violet-50 p-4"
    >
      <h2 id="sandbox-heading" className="text-sm font-bold tracking-wide text-violet-900 uppercase">
        {t(m.sandbox)}
      </h2>
      <p className="mt-1 text-sm text-violet-900">{t(m.sandboxText)}</p>
      <Button
        variant="secondary"
        className="mt-3 w-full"
        busy={simulate.isPending}
        onClick={() => simulate.mutate({ accountNumber: account.account_number, amount: amount ?? "" })}
      >
        {t(m.simulate)}
      </Button>
      {simulate.isError && (
        <Alert tone="error" className="mt-3">
          {specText(errorDetail(simulate.error, t(m.simulateFailed)))}
        </Alert>
      )}
    </section>
  );
}

function HospitalAccountDetails({ reference }: { reference: string }) {
  const payment = useQuery(paymentQueryOptions(reference));
  if (payment.isPending) {
    return (
      <p role="status" className="mt-6 flex items-center gap-2 text-slate-600">
        <Spinner /> Loading payment details…
      </p>
    );
  }
  if (payment.isError && isUnknownPayment(payment.error)) return <NotFound reference={reference} />;
  const data = payment.data;
  const account = data?.bank_account ?? PLACEHOLDER_ACCOUNT;
  const amount = data?.amount;
  return (
    <>
      <p className="mt-2 text-slate-600">
        {amount
          ? t(m.transferAmount, {
              amount: formatNairaAmount(amount),
              b: (chunks) => <span className="font-semibold text-slate-900">{chunks}</span>,
            })
          : t(m.transferTotal)}
      </p>
      <dl className="mt-6 space-y-3 rounded-2xl border border-slate-200 bg-white p-5 text-sm shadow-sm sm:p-6">
        <Row label={t(m.bank)} value={account.bank_name} />
        <Row label={t(m.accountName)} value={account.account_name} />
        <Row label={t(m.accountNumber)} value={account.account_number} mono />
        {amount && <Row label={t(m.amount)} value={formatNairaAmount(amount)} strong />}
        <Row label={t(m.reference)} value={reference} mono />
      </dl>
      <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">{t(m.takes)}</p>
    </>
  );
}
