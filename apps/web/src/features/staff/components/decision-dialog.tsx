import { useState, type ReactNode } from "react";
import { t } from "../../../i18n";
import { errorDetail } from "../../../lib/api-client";
import { specText } from "../../../lib/messages";
import { toast } from "../../../lib/toast";
import { decisionMessages as m } from "../messages";
import { ReasonField, StaffFormDialog } from "./staff-form-dialog";

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
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const approving = decision === "approve";
  const texts = TEXTS[subject][decision];
  const title = t(texts.title);

  const submit = () => {
    setError(null);
    const trimmed = note.trim();
    if (!approving && !isValidRejection(note)) return setNoteError(t(m.reasonRequired));
    setNoteError(undefined);
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
        setError(specText(errorDetail(failure, t(texts.failed))));
      },
    );
  };

  return (
    <StaffFormDialog
      title={title}
      submitLabel={title}
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
      error={error}
    >
      <ReasonField
        label={t(approving ? m.noteOptional : m.rejectionReason)}
        hint={approving ? t(m.keptInAuditLog) : rejectHint}
        error={noteError}
        value={note}
        onChange={setNote}
        optional={approving}
      />
    </StaffFormDialog>
  );
}
