import { refundRejectionSchema, type Refund } from "@hospipay/contract";
import { useState } from "react";
import { cn } from "../../../components/ui/cn";
import { breakAnywhere, cellClasses } from "../../../components/ui/data-table";
import { t } from "../../../i18n";
import { formatNairaAmount } from "../../../lib/money";
import { useDecideRefund } from "../api/decide-refund";
import { useRefunds } from "../api/get-refunds";
import { DecisionActionsCell, DecisionDialog } from "./decision-dialog";
import { SummaryItem } from "./staff-form-dialog";
import { CustomerCell, ReferenceCell, StaffQueue } from "./staff-queue";
import { apiMessages, commonMessages as c, refundApprovalMessages as m } from "../messages";
import { formatWatDateTime } from "../../../lib/wat-time";

type Decision = { refund: Refund; decision: "approve" | "reject" };

const COLUMNS = [c.reference, c.customer, c.amount, c.reason, m.requestedBy, c.date, c.actions];

/** The super admin's queue of refunds that admins asked for above the limit: approve or reject each. */
export function RefundApprovals() {
  const refunds = useRefunds("awaiting_approval");
  const [open, setOpen] = useState<Decision | null>(null);

  return (
    <StaffQueue
      messages={m}
      failed={apiMessages.refundsFailed}
      query={refunds}
      columns={COLUMNS}
      rowKey={(refund) => refund.id}
      renderCells={(refund) => (
        <>
          <ReferenceCell reference={refund.invoice_reference} />
          <CustomerCell name={refund.customer_name} email={refund.customer_email} />
          <td className={cn(cellClasses, "whitespace-nowrap")}>{formatNairaAmount(refund.amount)}</td>
          <td className={cn(cellClasses, "min-w-40 break-words")}>{refund.reason}</td>
          <td className={cn(cellClasses, "min-w-32", breakAnywhere)}>
            <span className="block">{refund.requested_by.name}</span>
            <span className="block text-slate-600">{refund.requested_by.email}</span>
          </td>
          <td className={cn(cellClasses, "whitespace-nowrap")}>{formatWatDateTime(refund.created_at)}</td>
          <DecisionActionsCell
            reference={refund.invoice_reference}
            messages={m}
            onDecide={(decision) => setOpen({ refund, decision })}
          />
        </>
      )}
    >
      {open && <RefundDecisionDialog {...open} onClose={() => setOpen(null)} />}
    </StaffQueue>
  );
}

/** Approve or reject one refund; the outcome is a toast and the row leaves the queue. */
function RefundDecisionDialog({ refund, decision, onClose }: Decision & { onClose: () => void }) {
  const decide = useDecideRefund();
  return (
    <DecisionDialog
      decision={decision}
      subject="refund"
      rejectHint={t(m.rejectHint)}
      isValidRejection={(note) => refundRejectionSchema.safeParse({ note }).success}
      decide={(input) => decide.mutateAsync({ id: refund.id, ...input })}
      onClose={onClose}
      summary={
        <>
          <SummaryItem label={t(c.reference)}>{refund.invoice_reference}</SummaryItem>
          <SummaryItem label={t(c.amount)} valueClassName="text-lg font-bold">
            {formatNairaAmount(refund.amount)}
          </SummaryItem>
          <SummaryItem
            label={t(c.customer)}
            className="sm:col-span-2"
          >{`${refund.customer_name || t(c.unknown)} (${refund.customer_email})`}</SummaryItem>
          <SummaryItem
            label={t(m.reasonGivenBy, { name: refund.requested_by.name || refund.requested_by.email })}
            className="sm:col-span-2"
            valueClassName="font-medium break-words"
          >
            {refund.reason}
          </SummaryItem>
        </>
      }
    />
  );
}
