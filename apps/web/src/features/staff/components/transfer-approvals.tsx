import { transferRejectionSchema, type TransferConfirmation } from "@hospipay/contract";
import { useState } from "react";
import { cn } from "../../../components/ui/cn";
import { breakAnywhere, cellClasses } from "../../../components/ui/data-table";
import { t } from "../../../i18n";
import { formatNairaAmount } from "../../../lib/money";
import { useDecideTransferConfirmation } from "../api/decide-transfer-confirmation";
import { useTransferConfirmations } from "../api/get-transfer-confirmations";
import { DecisionDialog } from "./decision-dialog";
import { ActionsCell, CustomerCell, ReferenceCell, StaffQueue } from "./staff-queue";
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
    <StaffQueue
      id="transfer-approvals-heading"
      heading={t(m.heading)}
      count={confirmations.data?.count}
      countText={c.awaitingApproval}
      query={confirmations}
      items={confirmations.data?.results}
      texts={{
        loading: t(m.loading),
        failed: t(m.loadFailed),
        empty: t(m.empty),
        tableLabel: t(m.tableLabel),
        tableCaption: t(m.tableCaption),
      }}
      columns={COLUMNS}
      rowKey={(confirmation) => confirmation.id}
      renderCells={(confirmation) => (
        <>
          <ReferenceCell reference={confirmation.invoice_reference} />
          <CustomerCell name={confirmation.customer_name} email={confirmation.customer_email} />
          <td className={cn(cellClasses, "whitespace-nowrap")}>{formatNairaAmount(confirmation.amount_due)}</td>
          <td className={cn(cellClasses, "whitespace-nowrap")}>{formatNairaAmount(confirmation.amount_received)}</td>
          <td className={cn(cellClasses, "font-semibold whitespace-nowrap")}>{formatNairaAmount(confirmation.excess)}</td>
          <ReferenceCell reference={confirmation.transfer_reference} />
          <td className={cn(cellClasses, breakAnywhere)}>
            <span className="block" title={confirmation.confirmed_by.email}>
              {confirmation.confirmed_by.name}
            </span>
            <span className="block whitespace-nowrap text-slate-600">{formatWatDateTime(confirmation.created_at)}</span>
          </td>
          <ActionsCell
            actions={[
              {
                text: t(c.approve),
                name: t(m.approveOf, { reference: confirmation.invoice_reference }),
                onClick: () => setOpen({ confirmation, decision: "approve" }),
              },
              {
                text: t(c.reject),
                name: t(m.rejectOf, { reference: confirmation.invoice_reference }),
                onClick: () => setOpen({ confirmation, decision: "reject" }),
                secondary: true,
              },
            ]}
          />
        </>
      )}
    >
      {open && <TransferDecisionDialog {...open} onClose={() => setOpen(null)} />}
    </StaffQueue>
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
