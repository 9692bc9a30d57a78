import { refundRejectionSchema, type Refund } from "@hospipay/contract";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Breakable } from "../../../components/ui/breakable";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { formatNairaAmount } from "../../../lib/money";
import { useDecideRefund } from "../api/decide-refund";
import { useRefunds } from "../api/get-refunds";
import { failureMessage } from "../utils/form-errors";
import { DecisionDialog } from "./decision-dialog";
import { formatWatDateTime } from "../../../lib/wat-time";

type Decision = { refund: Refund; decision: "approve" | "reject" };

const COLUMNS = ["Reference", "Customer", "Amount", "Reason", "Requested by", "Date", "Actions"];

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
          Refund approvals
        </h2>
        {refunds.data && refunds.data.count > 0 && (
          <p className="text-sm text-slate-600">{refunds.data.count} awaiting approval</p>
        )}
      </div>
      <div className="mt-4" aria-busy={refunds.isFetching || undefined}>
        {refunds.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Loading refunds…
          </p>
        ) : refunds.isError ? (
          <div className="space-y-3">
            <p className="text-sm font-medium text-red-700">Error: {failureMessage(refunds.error, "Failed to load refunds.")}</p>
            <Button variant="secondary" busy={refunds.isFetching} onClick={() => void refunds.refetch()}>
              Try again
            </Button>
          </div>
        ) : refunds.data.results.length === 0 ? (
          <p className="text-sm text-slate-600">No refunds awaiting approval.</p>
        ) : (
          <DataTable label="Refunds awaiting approval table" caption="Refunds awaiting approval" columns={COLUMNS}>
            {refunds.data.results.map((refund) => (
              <tr key={refund.id}>
                <td className={cn(cellClasses, "min-w-28 font-mono", breakAnywhere)}>
                  <Breakable text={refund.invoice_reference} />
                </td>
                <td className={cn(cellClasses, "min-w-36", breakAnywhere)}>
                  <span className="block">{refund.customer_name || "Unknown"}</span>
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
                      aria-label={`Approve refund ${refund.invoice_reference}`}
                      onClick={() => setOpen({ refund, decision: "approve" })}
                    >
                      Approve
                    </Button>
                    <Button
                      variant="secondary"
                      className="whitespace-nowrap"
                      aria-label={`Reject refund ${refund.invoice_reference}`}
                      onClick={() => setOpen({ refund, decision: "reject" })}
                    >
                      Reject
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
      rejectHint="Required. The admin who asked sees it."
      isValidRejection={(note) => refundRejectionSchema.safeParse({ note }).success}
      decide={(input) => decide.mutateAsync({ id: refund.id, ...input })}
      onClose={onClose}
      summary={
        <>
          <div>
            <dt className="text-slate-600">Reference</dt>
            <dd className="font-medium break-all text-slate-900">{refund.invoice_reference}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Amount</dt>
            <dd className="text-lg font-bold text-slate-900">{formatNairaAmount(refund.amount)}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-slate-600">Customer</dt>
            <dd className="font-medium break-all text-slate-900">{`${refund.customer_name || "Unknown"} (${refund.customer_email})`}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-slate-600">Reason given by {refund.requested_by.name || refund.requested_by.email}</dt>
            <dd className="font-medium break-words text-slate-900">{refund.reason}</dd>
          </div>
        </>
      }
    />
  );
}
