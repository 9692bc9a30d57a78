import { formatNaira, nairaToKobo, type BillWaiver, type MyDesk } from "@hospipay/contract";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Field, inputClasses } from "../../../components/ui/form";
import { t } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { formatNairaAmount } from "../../../lib/money";
import { useDecideWaiver } from "../api/decide-waiver";
import { useFocusFirstInvalid } from "../hooks/use-focus-first-invalid";
import { waiverFailure, waiverText } from "../utils/waiver-text";
import { waiverMessages as m } from "../waivers.messages";

type Decision = "approve" | "reject";

/** What the signed-in member may do with a pending waiver, from their desk (GET /api/staff/desk/). */
export function waiverRights(waiver: BillWaiver, desk: MyDesk | undefined): { approve: boolean; reject: boolean; own: boolean } {
  const own = desk !== undefined && waiver.requested_by.id === desk.user_id;
  const limit = desk?.waiver_limit == null ? null : nairaToKobo(desk.waiver_limit);
  // The server refuses anyone without a limit, and the one who asked; an approval must also be within the limit.
  const reject = !own && limit !== null;
  return { own, reject, approve: reject && (nairaToKobo(waiver.amount) ?? Infinity) <= limit! };
}

/**
 * Approve or reject a pending waiver with a required note, for a member with a waiver limit who did not ask for it
 * (nothing otherwise: the server would refuse). Above their limit, only Reject is offered. The outcome is told by
 * the caller (`onDecided`): once decided the waiver leaves the pending list, and this form with it.
 */
export function WaiverDecision({
  waiver,
  desk,
  onDecided,
}: {
  waiver: BillWaiver;
  desk: MyDesk | undefined;
  onDecided: (detail: string) => void;
}) {
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<Decision | null>(null);
  const decide = useDecideWaiver();
  const invalid = useFocusFirstInvalid<HTMLDivElement>();
  const rights = waiverRights(waiver, desk);
  if (rights.own && desk?.waiver_limit != null) return <p className="mt-2 text-slate-600 print:hidden">{t(m.ownRequest)}</p>;
  if (!rights.reject) return null;

  const submit = (decision: Decision) => {
    if (decide.isPending) return;
    setFailure(null);
    if (!note.trim()) {
      setNoteError(t(m.enterNote));
      invalid.report();
      return;
    }
    setNoteError(undefined);
    setSent(decision);
    decide.mutateAsync({ id: waiver.id, decision, note: note.trim() }).then(
      (answer) => onDecided(waiverText(answer.detail)),
      (error: unknown) => {
        const field = error instanceof ApiError ? error.fieldError("note") : undefined;
        if (field) {
          setNoteError(waiverText(field));
          invalid.report();
        } else setFailure(waiverFailure(error, t(m.decideFailed)));
      },
    );
  };

  return (
    <div
      ref={invalid.ref}
      role="group"
      aria-label={t(m.decideLabel, { amount: formatNairaAmount(waiver.amount), name: waiver.patient_name })}
      className="mt-3 space-y-3 print:hidden"
    >
      {!rights.approve && desk?.waiver_limit && (
        <p className="text-slate-700">{t(m.overLimitReject, { limit: formatNaira(nairaToKobo(desk.waiver_limit) ?? 0) })}</p>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      <Field label={t(m.note)} error={noteError} hint={t(m.noteHint)}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className={cn(inputClasses, "min-h-16")}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        {rights.approve && (
          <Button disabled={decide.isPending} busy={decide.isPending && sent === "approve"} onClick={() => submit("approve")}>
            {t(m.approve)}
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={decide.isPending}
          busy={decide.isPending && sent === "reject"}
          onClick={() => submit("reject")}
        >
          {t(m.reject)}
        </Button>
      </div>
    </div>
  );
}
