import { formatNaira } from "@hospipay/contract";
import { t } from "../i18n";
import { confirmPaymentMessages as m, paymentMessages as p } from "./payment.messages";
import { Button } from "./ui/button";
import { Dialog } from "./ui/dialog";

/** Kobo figures of the payment being confirmed. */
export interface PaymentFigures {
  subtotalKobo: number;
  chargeFeeKobo: number;
  totalKobo: number;
  balanceKobo: number;
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={
        strong
          ? "flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-bold text-slate-900"
          : "flex justify-between gap-4 text-slate-700"
      }
    >
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * SPEC §2: before a wallet pays, a dialog states the fee, the total, whom or what it pays for and the
 * balance after it; nothing is sent until it is confirmed. Every wallet payment asks it (a cart, a part of a bill).
 */
export function ConfirmPaymentDialog({
  open,
  figures,
  payingFor,
  sending,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  figures: PaymentFigures;
  /** The person paid for, or the bill a part pays. */
  payingFor: string;
  sending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={sending ? () => undefined : onCancel}
      title={t(m.title)}
      footer={
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} disabled={sending}>
            {t(m.cancel)}
          </Button>
          <Button onClick={onConfirm} busy={sending}>
            {t(m.confirm)}
          </Button>
        </div>
      }
    >
      <p className="text-slate-700">
        {t(m.feeNotice, {
          fee: formatNaira(figures.chargeFeeKobo),
          total: formatNaira(figures.totalKobo),
          b: (chunks) => <strong className="text-slate-900">{chunks}</strong>,
        })}
      </p>
      <dl className="mt-4 space-y-2 rounded-xl bg-slate-50 p-4 text-sm">
        <Row label={t(p.subtotal)} value={formatNaira(figures.subtotalKobo)} />
        <Row label={t(p.chargeFee)} value={formatNaira(figures.chargeFeeKobo)} />
        <Row label={t(p.total)} value={formatNaira(figures.totalKobo)} strong />
      </dl>
      <dl className="mt-4 space-y-2 text-sm">
        <Row label={t(m.payingFor)} value={payingFor} />
        <Row label={t(m.balanceAfter)} value={formatNaira(figures.balanceKobo - figures.totalKobo)} />
      </dl>
    </Dialog>
  );
}
