import { type StaffKycHold } from "@hospipay/contract";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Breakable } from "../../../components/ui/breakable";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { Dialog } from "../../../components/ui/dialog";
import { Field, Form, inputClasses } from "../../../components/ui/form";
import { t } from "../../../i18n";
import { errorDetail } from "../../../lib/api-client";
import { specText } from "../../../lib/messages";
import { formatNairaAmount } from "../../../lib/money";
import { toast } from "../../../lib/toast";
import { useKycHolds } from "../api/get-kyc-holds";
import { useRefundKycHold } from "../api/refund-kyc-hold";
import { useReleaseKycHold } from "../api/release-kyc-hold";
import { failureMessage } from "../utils/form-errors";
import { formatWatDateTime } from "../../../lib/wat-time";
import { apiMessages, commonMessages as c, kycHoldsMessages as m } from "../messages";

const COLUMNS = [c.customer, m.sender, c.amount, m.heldBecause, m.tierNow, m.received, c.actions];

const capText = (hold: StaffKycHold) =>
  t(hold.cap === "balance" ? m.balanceCap : m.creditCap, { tier: hold.tier_level, amount: formatNairaAmount(hold.cap_amount) });

/**
 * Transfers into customers' reserved accounts held because they would break the customer's KYC tier cap
 * (issue 22): admins release one to the wallet once the tier allows it, or refund it to its sender.
 */
export function KycHolds() {
  const holds = useKycHolds();
  const release = useReleaseKycHold();
  const [refunding, setRefunding] = useState<StaffKycHold | null>(null);

  const releaseHold = (hold: StaffKycHold) =>
    release.mutate(hold.id, {
      onSuccess: () => toast.success(t(m.released, { amount: formatNairaAmount(hold.amount), email: hold.customer.email })),
      onError: (failure) => toast.error(specText(errorDetail(failure, t(m.releaseFailed)))),
    });

  return (
    <section
      aria-labelledby="kyc-holds-heading"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="kyc-holds-heading" className="text-xl font-semibold text-slate-900">
          {t(m.heading)}
        </h2>
        {holds.data && holds.data.length > 0 && (
          <p className="text-sm text-slate-600">{t(m.held, { count: holds.data.length })}</p>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">{t(m.intro)}</p>
      <div className="mt-4" aria-busy={holds.isFetching || undefined}>
        {holds.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            {t(m.loading)}
          </p>
        ) : holds.isError ? (
          <div className="space-y-3">
            <p className="text-sm font-medium text-red-700">
              {t(c.error, { message: failureMessage(holds.error, t(apiMessages.holdsFailed)) })}
            </p>
            <Button variant="secondary" busy={holds.isFetching} onClick={() => void holds.refetch()}>
              {t(c.tryAgain)}
            </Button>
          </div>
        ) : holds.data.length === 0 ? (
          <p className="text-sm text-slate-600">{t(m.empty)}</p>
        ) : (
          <DataTable label={t(m.tableLabel)} caption={t(m.heading)} columns={COLUMNS.map((column) => t(column))}>
            {holds.data.map((hold) => (
              <tr key={hold.id}>
                <td className={cn(cellClasses, "min-w-36", breakAnywhere)}>
                  <span className="block">{`${hold.customer.first_name} ${hold.customer.last_name}`.trim() || t(c.unknown)}</span>
                  <span className="block text-slate-600">
                    <Breakable text={hold.customer.email} />
                  </span>
                </td>
                <td className={cn(cellClasses, breakAnywhere)}>{hold.sender_name ?? t(c.unknown)}</td>
                <td className={cn(cellClasses, "whitespace-nowrap")}>{formatNairaAmount(hold.amount)}</td>
                <td className={cn(cellClasses, "min-w-40")}>{capText(hold)}</td>
                <td className={cellClasses}>{hold.current_tier}</td>
                <td className={cn(cellClasses, "whitespace-nowrap")}>{formatWatDateTime(hold.created_at)}</td>
                <td className={cellClasses}>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      className="whitespace-nowrap"
                      aria-label={t(m.releaseOf, { amount: formatNairaAmount(hold.amount), email: hold.customer.email })}
                      busy={release.isPending && release.variables === hold.id}
                      onClick={() => releaseHold(hold)}
                    >
                      {t(m.release)}
                    </Button>
                    <Button
                      variant="secondary"
                      className="whitespace-nowrap"
                      aria-label={t(m.refundOf, { amount: formatNairaAmount(hold.amount), email: hold.customer.email })}
                      onClick={() => setRefunding(hold)}
                    >
                      {t(c.refund)}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </div>
      {refunding && <RefundHoldDialog hold={refunding} onClose={() => setRefunding(null)} />}
    </section>
  );
}

/** Refunds a held transfer to its sender, with a reason kept in the audit log. */
function RefundHoldDialog({ hold, onClose }: { hold: StaffKycHold; onClose: () => void }) {
  const formId = useId();
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const refund = useRefundKycHold();

  const submit = () => {
    setError(null);
    if (reason.trim() === "") return setFieldError(t(m.reasonRequired));
    setFieldError(undefined);
    refund.mutate(
      { id: hold.id, reason: reason.trim() },
      {
        onSuccess: () => {
          const amount = formatNairaAmount(hold.amount);
          toast.success(
            hold.sender_name === null ? t(m.refundedToSender, { amount }) : t(m.refundedTo, { amount, sender: hold.sender_name }),
          );
          onClose();
        },
        onError: (failure) => setError(specText(errorDetail(failure, t(m.refundFailed)))),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t(m.refundTitle)}
      footer={
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t(c.cancel)}
          </Button>
          <Button type="submit" form={formId} busy={refund.isPending}>
            {t(c.refundAmount, { amount: formatNairaAmount(hold.amount) })}
          </Button>
        </div>
      }
    >
      <Form id={formId} onSubmit={submit} aria-label={t(m.refundTitle)} className="space-y-4">
        <p className="text-sm text-slate-700">
          {hold.sender_name === null
            ? t(m.refundExplainedUnknown, { amount: formatNairaAmount(hold.amount), email: hold.customer.email })
            : t(m.refundExplained, {
                amount: formatNairaAmount(hold.amount),
                sender: hold.sender_name,
                email: hold.customer.email,
              })}
        </p>
        <fieldset disabled={refund.isPending}>
          <Field label={t(c.reason)} error={fieldError} hint={t(m.reasonHint)}>
            {(control) => (
              <textarea
                {...control}
                aria-required="true"
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                className={inputClasses}
              />
            )}
          </Field>
        </fieldset>
        {error && <Alert tone="error">{error}</Alert>}
      </Form>
    </Dialog>
  );
}
