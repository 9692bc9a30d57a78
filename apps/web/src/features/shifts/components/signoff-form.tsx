import { drawerSignoffSchema, type Shift } from "@hospipay/contract";
import { useId, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Field, inputClasses } from "../../../components/ui/form";
import { formatNairaAmount } from "../../../lib/money";
import { specText } from "../../../lib/messages";
import { t } from "../../../i18n";
import { useSignoffShift } from "../api/signoff-shift";
import { failureText } from "../api/shifts-error";
import { drawerMessages as m } from "../messages";
import { varianceText } from "./drawer-panel";

/** An admin's decision on a drawer count that waits: sign it off (the shift closes) or send it back, with a note. */
export function SignoffForm({ shift }: { shift: Shift }) {
  const noteId = useId();
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string>();
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const signoff = useSignoffShift();
  const drawer = shift.drawer!;

  const decide = (decision: "approve" | "reject") => {
    const parsed = drawerSignoffSchema.safeParse({ decision, note });
    if (!parsed.success) {
      setNoteError(specText(parsed.error.issues[0]?.message ?? ""));
      noteRef.current?.focus();
      return;
    }
    setNoteError(undefined);
    signoff.mutate(
      { id: shift.id, ...parsed.data },
      {
        onSuccess: (answer) => setOutcome({ tone: "success", text: specText(answer.detail) }),
        onError: (error) => setOutcome({ tone: "error", text: failureText(error, t(m.signoffFailed)) }),
      },
    );
  };

  return (
    <section
      aria-labelledby={`${noteId}-heading`}
      className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-3 sm:p-4 print:hidden"
    >
      <h3 id={`${noteId}-heading`} className="font-semibold text-slate-900">
        {t(m.signoffHeading)}
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        {formatNairaAmount(drawer.counted)} · {varianceText(drawer.variance ?? "0")}
      </p>
      {outcome && (
        <Alert tone={outcome.tone} className="mt-3">
          {outcome.text}
        </Alert>
      )}
      <div className="mt-3 space-y-3">
        <Field label={t(m.signoffNote)} error={noteError} errorId={`${noteId}-error`}>
          {(control) => (
            <textarea
              {...control}
              ref={noteRef}
              rows={2}
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              className={cn(inputClasses, "min-h-16 bg-white")}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button
            busy={signoff.isPending && signoff.variables?.decision === "approve"}
            disabled={signoff.isPending}
            onClick={() => decide("approve")}
          >
            {t(m.approve)}
          </Button>
          <Button
            variant="secondary"
            busy={signoff.isPending && signoff.variables?.decision === "reject"}
            disabled={signoff.isPending}
            onClick={() => decide("reject")}
          >
            {t(m.reject)}
          </Button>
        </div>
      </div>
    </section>
  );
}
