import { useState, type ReactNode } from "react";
import { t, type MessageDescriptor } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { toast } from "../../../lib/toast";
import { commonMessages as c, decisionMessages as m } from "../messages";
import { useStaffForm } from "../hooks/use-staff-form";
import { ReasonField, StaffFormDialog } from "./staff-form-dialog";
import { ActionsCell } from "./staff-queue";

export type DecisionKind = "approve" | "reject";

/** A decision as the API takes it: an approval's note is optional, a rejection's is required. */
export type DecisionInput = { decision: "approve"; note?: string } | { decision: "reject"; note: string };

/** Each decision's title and failure message, per kind of item. */
const TEXTS = {
  refund: {
    approve: { title: m.approveRefund, failed: m.approveRefundFailed },
    reject: { title: m.rejectRefund, failed: m.rejectRefundFailed },
  },
  transfer: {
    approve: { title: m.approveTransfer, failed: m.approveTransferFailed },
    reject: { title: m.rejectTransfer, failed: m.rejectTransferFailed },
  },
} as const;

/**
 * Approve (note optional) or reject (note required) one item of a staff approval queue (refunds, bank
 * transfer confirmations): the item's summary, the note, and the outcome as a toast; the caller's mutation
 * refreshes the queue, so the row leaves it.
 */
export function DecisionDialog({
  decision,
  subject,
  summary,
  explanation,
  rejectHint,
  isValidRejection,
  decide,
  onClose,
}: {
  decision: DecisionKind;
  /** What is decided, as the titles and messages name it. */
  subject: keyof typeof TEXTS;
  /** The item's facts (the children of a definition list). */
  summary: ReactNode;
  explanation?: ReactNode;
  rejectHint: string;
  /** The contract's rule for a rejection's note. */
  isValidRejection: (note: string) => boolean;
  /** Sends the decision; resolves with the server's detail. */
  decide: (input: DecisionInput) => Promise<string>;
  onClose: () => void;
}) {
  const approving = decision === "approve";
  const texts = TEXTS[subject][decision];
  const title = t(texts.title);
  const form = useStaffForm(["note"], t(texts.failed));
  const [busy, setBusy] = useState(false);

  const submit = () => {
    const { note } = form.values;
    const trimmed = note.trim();
    if (!approving && !isValidRejection(note)) return form.refuse("note", t(m.reasonRequired));
    form.clear();
    const input: DecisionInput = approving
      ? { decision: "approve", ...(trimmed ? { note: trimmed } : {}) }
      : { decision: "reject", note: trimmed };
    setBusy(true);
    decide(input).then(
      (detail) => {
        toast.success(specText(detail));
        onClose();
      },
      (failure: unknown) => {
        setBusy(false);
        form.fail(failure);
      },
    );
  };

  return (
    <StaffFormDialog
      title={title}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      className="text-sm"
      summary={
        <>
          <dl className="grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-2">{summary}</dl>
          {explanation}
        </>
      }
      error={form.error}
    >
      <ReasonField
        form={form}
        field="note"
        label={t(approving ? m.noteOptional : m.rejectionReason)}
        hint={approving ? t(m.keptInAuditLog) : rejectHint}
        optional={approving}
      />
    </StaffFormDialog>
  );
}

/**
 * The Approve and Reject buttons of an approval queue's row, named with the invoice's reference
 * ("Approve refund HSP-…"), so that each row's buttons are told apart.
 */
export function DecisionActionsCell({
  reference,
  messages,
  onDecide,
}: {
  reference: string;
  /** The buttons' names, with a {reference}. */
  messages: { approveOf: MessageDescriptor; rejectOf: MessageDescriptor };
  onDecide: (decision: DecisionKind) => void;
}) {
  return (
    <ActionsCell
      actions={[
        { text: t(c.approve), name: t(messages.approveOf, { reference }), onClick: () => onDecide("approve") },
        { text: t(c.reject), name: t(messages.rejectOf, { reference }), onClick: () => onDecide("reject"), secondary: true },
      ]}
    />
  );
}
