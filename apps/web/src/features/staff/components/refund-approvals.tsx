import { refundRejectionSchema, type Refund } from "@hospipay/contract";
import { useState } from "react";
import { cn } from "../../../components/ui/cn";
import { breakAnywhere, cellClasses } from "../../../components/ui/data-table";
import { t } from "../../../i18n";
import { formatNairaAmount } from "../../../lib/money";
import { useDecideRefund } from "../api/decide-refund";
import { useRefunds } from "../api/get-refunds";
import { DecisionDialog } from "./decision-dialog";
import { ActionsCell, CustomerCell, ReferenceCell, StaffQueue } from "./staff-queue";
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
      id="refund-approvals-heading"
      heading={t(m.heading)}
      count={refunds.data?.count}
      countText={c.awaitingApproval}
      query={refunds}
      items={refunds.data?.results}
      texts={{
        loading: t(m.loading),
        failed: t(apiMessages.refundsFailed),
        empty: t(m.empty),
        tableLabel: t(m.tableLabel),
        tableCaption: t(m.tableCaption),
      }}
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
          <ActionsCell
            actions={[
              {
                text: t(c.approve),
                name: t(m.approveOf, { reference: refund.invoice_reference }),
                onClick: () => setOpen({ refund, decision: "approve" }),
              },
              {
                text: t(c.reject),
                name: t(m.rejectOf, { reference: refund.invoice_reference }),
                onClick: () => setOpen({ refund, decision: "reject" }),
                secondary: true,
              },
            ]}
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
          <div>
            <dt className="text-slate-600">{t(c.reference)}</dt>
            <dd className="font-medium break-all text-slate-900">{refund.invoice_reference}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t(c.amount)}</dt>
            <dd className="text-lg font-bold text-slate-900">{formatNairaAmount(refund.amount)}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-slate-600">{t(c.customer)}</dt>
            <dd className="font-medium break-all text-slate-900">{`${refund.customer_name || t(c.unknown)} (${refund.customer_email})`}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-slate-600">
              {t(m.reasonGivenBy, { name: refund.requested_by.name || refund.requested_by.email })}
            </dt>
            <dd className="font-medium break-words text-slate-900">{refund.reason}</dd>
          </div>
        </>
      }
    />
  );
}
