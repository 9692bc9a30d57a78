import { type StaffKycHold } from "@hospipay/contract";
import { useState } from "react";
import { cn } from "../../../components/ui/cn";
import { breakAnywhere, cellClasses } from "../../../components/ui/data-table";
import { t } from "../../../i18n";
import { errorDetail } from "../../../lib/api-client";
import { specText } from "../../../lib/messages";
import { formatNairaAmount } from "../../../lib/money";
import { toast } from "../../../lib/toast";
import { useKycHolds } from "../api/get-kyc-holds";
import { useRefundKycHold } from "../api/refund-kyc-hold";
import { useReleaseKycHold } from "../api/release-kyc-hold";
import { useStaffForm } from "../hooks/use-staff-form";
import { formatWatDateTime } from "../../../lib/wat-time";
import { apiMessages, commonMessages as c, kycHoldsMessages as m } from "../messages";
import { ReasonField, StaffFormDialog } from "./staff-form-dialog";
import { ActionsCell, CustomerCell, StaffQueue } from "./staff-queue";

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
    <StaffQueue
      messages={m}
      countText={m.held}
      failed={apiMessages.holdsFailed}
      query={holds}
      columns={COLUMNS}
      rowKey={(hold) => hold.id}
      renderCells={(hold) => (
        <>
          <CustomerCell name={`${hold.customer.first_name} ${hold.customer.last_name}`.trim()} email={hold.customer.email} />
          <td className={cn(cellClasses, breakAnywhere)}>{hold.sender_name ?? t(c.unknown)}</td>
          <td className={cn(cellClasses, "whitespace-nowrap")}>{formatNairaAmount(hold.amount)}</td>
          <td className={cn(cellClasses, "min-w-40")}>{capText(hold)}</td>
          <td className={cellClasses}>{hold.current_tier}</td>
          <td className={cn(cellClasses, "whitespace-nowrap")}>{formatWatDateTime(hold.created_at)}</td>
          <ActionsCell
            actions={[
              {
                text: t(m.release),
                name: t(m.releaseOf, { amount: formatNairaAmount(hold.amount), email: hold.customer.email }),
                busy: release.isPending && release.variables === hold.id,
                onClick: () => releaseHold(hold),
              },
              {
                text: t(c.refund),
                name: t(m.refundOf, { amount: formatNairaAmount(hold.amount), email: hold.customer.email }),
                onClick: () => setRefunding(hold),
                secondary: true,
              },
            ]}
          />
        </>
      )}
    >
      {refunding && <RefundHoldDialog hold={refunding} onClose={() => setRefunding(null)} />}
    </StaffQueue>
  );
}

/** Refunds a held transfer to its sender, with a reason kept in the audit log. */
function RefundHoldDialog({ hold, onClose }: { hold: StaffKycHold; onClose: () => void }) {
  const form = useStaffForm(["reason"], t(m.refundFailed));
  const refund = useRefundKycHold();
  const amount = formatNairaAmount(hold.amount);

  const submit = () => {
    const reason = form.values.reason.trim();
    if (reason === "") return form.refuse("reason", t(m.reasonRequired));
    form.clear();
    refund.mutate(
      { id: hold.id, reason },
      {
        onSuccess: () => {
          toast.success(
            hold.sender_name === null ? t(m.refundedToSender, { amount }) : t(m.refundedTo, { amount, sender: hold.sender_name }),
          );
          onClose();
        },
        onError: form.fail,
      },
    );
  };

  return (
    <StaffFormDialog
      title={t(m.refundTitle)}
      submitLabel={t(c.refundAmount, { amount })}
      busy={refund.isPending}
      onSubmit={submit}
      onClose={onClose}
      intro={
        <p className="text-sm text-slate-700">
          {hold.sender_name === null
            ? t(m.refundExplainedUnknown, { amount, email: hold.customer.email })
            : t(m.refundExplained, { amount, sender: hold.sender_name, email: hold.customer.email })}
        </p>
      }
      error={form.error}
    >
      <ReasonField form={form} field="reason" hint={t(m.reasonHint)} />
    </StaffFormDialog>
  );
}
