import { transferRejectionSchema, type TransferConfirmation } from "@hospipay/contract";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Breakable } from "../../../components/ui/breakable";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { t } from "../../../i18n";
import { formatNairaAmount } from "../../../lib/money";
import { useDecideTransferConfirmation } from "../api/decide-transfer-confirmation";
import { useTransferConfirmations } from "../api/get-transfer-confirmations";
import { failureMessage } from "../utils/form-errors";
import { DecisionDialog } from "./decision-dialog";
import { commonMessages as c, transferApprovalMessages as m } from "../messages";
import { formatWatDateTime } from "../../../lib/wat-time";

type Decision = { confirmation: TransferConfirmation; decision: "approve" | "reject" };

const COLUMNS = [c.reference, c.customer, c.amountDue, c.amountReceived, m.excess, m.bankReference, m.confirmed, c.actions];

/**
 * The admins' queue of bank transfers an agent confirmed with much more money than was due: nothing is
 * settled until an admin approves (the invoice is paid, the excess owed back to the payer) or rejects
 * (the invoice stays pending for a correct confirmation).
 */
export function TransferApprovals() {
  const confirmations = useTransferConfirmations("awaiting_approval");
  const [open, setOpen] = useState<Decision | null>(null);

  return (
    <section
      aria-labelledby="transfer-approvals-heading"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="transfer-approvals-heading" className="text-xl font-semibold text-slate-900">
          {t(m.heading)}
        </h2>
        {confirmations.data && confirmations.data.count > 0 && (
          <p className="text-sm text-slate-600">{t(c.awaitingApproval, { count: confirmations.data.count })}</p>
        )}
      </div>
      <div className="mt-4" aria-busy={confirmations.isFetching || undefined}>
        {confirmations.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            {t(m.loading)}
          </p>
        ) : confirmations.isError ? (
          <div className="space-y-3">
            <p className="text-sm font-medium text-red-700">
              {t(c.error, { message: failureMessage(confirmations.error, t(m.loadFailed)) })}
            </p>
            <Button variant="secondary" busy={confirmations.isFetching} onClick={() => void confirmations.refetch()}>
              {t(c.tryAgain)}
            </Button>
          </div>
        ) : confirmations.data.results.length === 0 ? (
          <p className="text-sm text-slate-600">{t(m.empty)}</p>
        ) : (
          <DataTable label={t(m.tableLabel)} caption={t(m.tableCaption)} columns={COLUMNS.map((column) => t(column))}>
            {confirmations.data.results.map((confirmation) => (
              <tr key={confirmation.id}>
                <td className={cn(cellClasses, "min-w-28 font-mono", breakAnywhere)}>
                  <Breakable text={confirmation.invoice_reference} />
                </td>
                <td className={cn(cellClasses, "min-w-36", breakAnywhere)}>
                  <span className="block">{confirmation.customer_name || t(c.unknown)}</span>
                  <span className="block text-slate-600">
                    <Breakable text={confirmation.customer_email} />
                  </span>
                </td>
                <td className={cn(cellClasses, "whitespace-nowrap")}>{formatNairaAmount(confirmation.amount_due)}</td>
                <td className={cn(cellClasses, "whitespace-nowrap")}>{formatNairaAmount(confirmation.amount_received)}</td>
                <td className={cn(cellClasses, "font-semibold whitespace-nowrap")}>{formatNairaAmount(confirmation.excess)}</td>
                <td className={cn(cellClasses, "min-w-28 font-mono", breakAnywhere)}>
                  <Breakable text={confirmation.transfer_reference} />
                </td>
                <td className={cn(cellClasses, breakAnywhere)}>
                  <span className="block" title={confirmation.confirmed_by.email}>
                    {confirmation.confirmed_by.name}
                  </span>
                  <span className="block whitespace-nowrap text-slate-600">{formatWatDateTime(confirmation.created_at)}</span>
                </td>
                <td className={cellClasses}>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      className="whitespace-nowrap"
                      aria-label={t(m.approveOf, { reference: confirmation.invoice_reference })}
                      onClick={() => setOpen({ confirmation, decision: "approve" })}
                    >
                      {t(c.approve)}
                    </Button>
                    <Button
                      variant="secondary"
                      className="whitespace-nowrap"
                      aria-label={t(m.rejectOf, { reference: confirmation.invoice_reference })}
                      onClick={() => setOpen({ confirmation, decision: "reject" })}
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
      {open && <TransferDecisionDialog {...open} onClose={() => setOpen(null)} />}
    </section>
  );
}

/** Approve or reject one confirmation; the outcome is a toast and the row leaves the queue. */
function TransferDecisionDialog({ confirmation, decision, onClose }: Decision & { onClose: () => void }) {
  const decide = useDecideTransferConfirmation();
  return (
    <DecisionDialog
      decision={decision}
      subject="transfer"
      rejectHint={t(m.rejectHint)}
      isValidRejection={(note) => transferRejectionSchema.safeParse({ note }).success}
      decide={(input) => decide.mutateAsync({ id: confirmation.id, ...input })}
      onClose={onClose}
      explanation={<p className="text-slate-700">{decision === "approve" ? t(m.approveExplanation) : t(m.rejectExplanation)}</p>}
      summary={
        <>
          <div>
            <dt className="text-slate-600">{t(c.reference)}</dt>
            <dd className="font-medium break-all text-slate-900">{confirmation.invoice_reference}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t(m.bankReference)}</dt>
            <dd className="font-medium break-all text-slate-900">{confirmation.transfer_reference}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t(c.amountDue)}</dt>
            <dd className="font-medium text-slate-900">{formatNairaAmount(confirmation.amount_due)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t(c.amountReceived)}</dt>
            <dd className="text-lg font-bold text-slate-900">{formatNairaAmount(confirmation.amount_received)}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-slate-600">{t(m.excessOwed)}</dt>
            <dd className="font-medium text-slate-900">{formatNairaAmount(confirmation.excess)}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-slate-600">{t(c.customer)}</dt>
            <dd className="font-medium break-all text-slate-900">{`${confirmation.customer_name || t(c.unknown)} (${confirmation.customer_email})`}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-slate-600">{t(m.confirmedBy)}</dt>
            <dd className="font-medium break-words text-slate-900">
              {confirmation.confirmed_by.name || confirmation.confirmed_by.email}
            </dd>
          </div>
        </>
      }
    />
  );
}
