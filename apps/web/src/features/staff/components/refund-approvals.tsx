import { refundRejectionSchema, type Refund } from "@hospipay/contract";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Breakable } from "../../../components/ui/breakable";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { t } from "../../../i18n";
import { formatNairaAmount } from "../../../lib/money";
import { useDecideRefund } from "../api/decide-refund";
import { useRefunds } from "../api/get-refunds";
import { failureMessage } from "../utils/form-errors";
import { DecisionDialog } from "./decision-dialog";
import { apiMessages, commonMessages as c, refundApprovalMessages as m } from "../messages";
import { formatWatDateTime } from "../../../lib/wat-time";

type Decision = { refund: Refund; decision: "approve" | "reject" };

const COLUMNS = [c.reference, c.customer, c.amount, c.reason, m.requestedBy, c.date, c.actions];

/** The super admin's queue of refunds that admins asked for above the limit: approve or reject each. */
export function RefundApprovals() {
  const refunds = useRefunds("awaiting_approval");
  const [open, setOpen] = useState<Decision | null>(null);

  return (
    <section
      aria-labelledby="refund-approvals-heading"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="refund-approvals-heading" className="text-xl font-semibold text-slate-900">
          {t(m.heading)}
        </h2>
        {refunds.data && refunds.data.count > 0 && (
          <p className="text-sm text-slate-600">{t(c.awaitingApproval, { count: refunds.data.count })}</p>
        )}
      </div>
      <div className="mt-4" aria-busy={refunds.isFetching || undefined}>
        {refunds.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            {t(m.loading)}
          </p>
        ) : refunds.isError ? (
          <div className="space-y-3">
            <p className="text-sm font-medium text-red-700">
              {t(c.error, { message: failureMessage(refunds.error, t(apiMessages.refundsFailed)) })}
            </p>
            <Button variant="secondary" busy={refunds.isFetching} onClick={() => void refunds.refetch()}>
              {t(c.tryAgain)}
            </Button>
          </div>
        ) : refunds.data.results.length === 0 ? (
          <p className="text-sm text-slate-600">{t(m.empty)}</p>
        ) : (
          <DataTable label={t(m.tableLabel)} caption={t(m.tableCaption)} columns={COLUMNS.map((column) => t(column))}>
            {refunds.data.results.map((refund) => (
              <tr key={refund.id}>
                <td className={cn(cellClasses, "min-w-28 font-mono", breakAnywhere)}>
                  <Breakable text={refund.invoice_reference} />
                </td>
                <td className={cn(cellClasses, "min-w-36", breakAnywhere)}>
                  <span className="block">{refund.customer_name || t(c.unknown)}</span>
                  <span className="block text-slate-600">
                    <Breakable text={refund.customer_email} />
                  </span>
                </td>
                <td className={cn(cellClasses, "whitespace-nowrap")}>{formatNairaAmount(refund.amount)}</td>
                <td className={cn(cellClasses, "min-w-40 break-words")}>{refund.reason}</td>
                <td className={cn(cellClasses, "min-w-32", breakAnywhere)}>
                  <span className="block">{refund.requested_by.name}</span>
                  <span className="block text-slate-600">{refund.requested_by.email}</span>
                </td>
                <td className={cn(cellClasses, "whitespace-nowrap")}>{formatWatDateTime(refund.created_at)}</td>
                <td className={cellClasses}>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      className="whitespace-nowrap"
                      aria-label={t(m.approveOf, { reference: refund.invoice_reference })}
                      onClick={() => setOpen({ refund, decision: "approve" })}
                    >
                      {t(c.approve)}
                    </Button>
                    <Button
                      variant="secondary"
                      className="whitespace-nowrap"
                      aria-label={t(m.rejectOf, { reference: refund.invoice_reference })}
                      onClick={() => setOpen({ refund, decision: "reject" })}
                    >
                      {t(c.reject)}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </div>
      {open && <RefundDecisionDialog {...open} onClose={() => setOpen(null)} />}
    </section>
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
