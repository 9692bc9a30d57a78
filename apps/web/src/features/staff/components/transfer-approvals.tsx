import { transferRejectionSchema, type TransferConfirmation } from "@hospipay/contract";
import { useState } from "react";
import { cn } from "../../../components/ui/cn";
import { breakAnywhere, cellClasses } from "../../../components/ui/data-table";
import { t } from "../../../i18n";
import { formatNairaAmount } from "../../../lib/money";
import { useDecideTransferConfirmation } from "../api/decide-transfer-confirmation";
import { useTransferConfirmations } from "../api/get-transfer-confirmations";
import { DecisionActionsCell, DecisionDialog } from "./decision-dialog";
import { SummaryItem } from "./staff-form-dialog";
import { CustomerCell, ReferenceCell, StaffQueue } from "./staff-queue";
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
      messages={m}
      failed={m.loadFailed}
      query={confirmations}
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
          <DecisionActionsCell
            reference={confirmation.invoice_reference}
            messages={m}
            onDecide={(decision) => setOpen({ confirmation, decision })}
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
          <SummaryItem label={t(c.reference)}>{confirmation.invoice_reference}</SummaryItem>
          <SummaryItem label={t(m.bankReference)}>{confirmation.transfer_reference}</SummaryItem>
          <SummaryItem label={t(c.amountDue)} valueClassName="font-medium">
            {formatNairaAmount(confirmation.amount_due)}
          </SummaryItem>
          <SummaryItem label={t(c.amountReceived)} valueClassName="text-lg font-bold">
            {formatNairaAmount(confirmation.amount_received)}
          </SummaryItem>
          <SummaryItem label={t(m.excessOwed)} className="sm:col-span-2" valueClassName="font-medium">
            {formatNairaAmount(confirmation.excess)}
          </SummaryItem>
          <SummaryItem
            label={t(c.customer)}
            className="sm:col-span-2"
          >{`${confirmation.customer_name || t(c.unknown)} (${confirmation.customer_email})`}</SummaryItem>
          <SummaryItem label={t(m.confirmedBy)} className="sm:col-span-2" valueClassName="font-medium break-words">
            {confirmation.confirmed_by.name || confirmation.confirmed_by.email}
          </SummaryItem>
        </>
      }
    />
  );
}
