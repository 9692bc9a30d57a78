import { closeShiftSchema, nairaToKobo, type DrawerCount, type Shift } from "@hospipay/contract";
import { useEffect, useId, useRef, useState } from "react";
import { StaffShell } from "../../../components/layout/staff-shell";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Dialog } from "../../../components/ui/dialog";
import { Field, Form, inputClasses } from "../../../components/ui/form";
import { ApiError } from "../../../lib/api-client";
import { formatNairaAmount } from "../../../lib/money";
import { useCurrentUser } from "../../../lib/session/get-profile";
import { useCloseShift } from "../api/close-shift";
import { useCurrentShift } from "../api/get-current-shift";
import { useOpenShift } from "../api/open-shift";
import { failureText } from "../api/shifts-error";
import { DrawerCountFields, DrawerSummary } from "./drawer-panel";
import { ShiftDetails } from "./shift-details";
import { ShiftReportView } from "./shift-report";
import { SlipPrintControls } from "../../../components/print/slip-print";
import { shiftSlip } from "../utils/shift-slip";
import { formatWatDateTime } from "../../../lib/wat-time";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { drawerMessages as dm, myShiftMessages as m, shiftsCommonMessages as c } from "../messages";

const STAFF_ROLES = new Set(["AGENT", "ADMIN", "SUPERADMIN"]);

/** What the screen last said about opening or closing: the server's detail, as success or failure. */
type Outcome = { tone: "success" | "error"; text: string } | null;

/**
 * /agentdashboard/shift, /admindashboard/shift and /superdashboard/shift (beyond SPEC, issue 21): the staff
 * member opens a shift, follows its live report, and closes it with a note, which locks the report.
 */
export function MyShiftScreen() {
  const user = useCurrentUser();
  const agent = user?.role === "AGENT";
  return (
    <StaffShell label={t(agent ? c.agentPanel : c.adminPanel)} badge={agent ? "AG" : "AD"} title={t(m.title)}>
      {user && STAFF_ROLES.has(user.role) ? (
        <>
          {/* What a shift is, whatever the caller's shift: shown at once, while the shift loads. */}
          <p className="mt-2 max-w-prose text-sm text-slate-700 print:hidden">{t(m.explain)}</p>
          <MyShift />
        </>
      ) : (
        <Alert tone="error" className="mt-6">
          {t(m.denied)}
        </Alert>
      )}
    </StaffShell>
  );
}

/**
 * A heading that takes the focus when it appears after the user's own action (the button they pressed is gone),
 * so that a keyboard or screen-reader user goes on from the new content rather than from the top of the page.
 */
function useFocusOnMount<T extends HTMLElement>(active: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (active) ref.current?.focus();
  }, [active]);
  return ref;
}

function MyShift() {
  const current = useCurrentShift();
  const open = useOpenShift();
  // Held here, not by the open shift's panel: a successful close unmounts that panel (the caller has no open
  // shift any more), and a mutation's per-call callbacks only run while the component that holds it is mounted.
  const close = useCloseShift();
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The shift this screen has just closed: its locked report stays on screen until another is opened.
  const [closed, setClosed] = useState<Shift | null>(null);
  const [justOpened, setJustOpened] = useState(false);
  const [float, setFloat] = useState("");
  const [floatError, setFloatError] = useState<string>();
  const floatId = useId();

  const openShift = () => {
    setOutcome(null);
    const floatText = float.trim();
    if (floatText !== "" && nairaToKobo(floatText) === null) {
      setFloatError(t(dm.floatInvalid));
      return;
    }
    setFloatError(undefined);
    open.mutate(floatText === "" ? {} : { float: floatText }, {
      onSuccess: (answer) => {
        setClosed(null);
        setJustOpened(true);
        setOutcome({ tone: "success", text: specText(answer.detail) });
      },
      onError: (error) => {
        setOutcome({ tone: "error", text: failureText(error, t(m.openFailed)) });
        // A 409 means a shift of ours is open after all (another tab, another device): show it.
        if (error instanceof ApiError && error.status === 409) void current.refetch();
      },
    });
  };

  const outcomeAlert = outcome && (
    <Alert tone={outcome.tone} className="mt-4 print:hidden">
      {outcome.text}
    </Alert>
  );

  if (current.isPending)
    return (
      <p role="status" className="mt-6 text-sm text-slate-600">
        {t(m.loading)}
      </p>
    );

  if (current.isError)
    return (
      <div role="alert" className="mt-6 space-y-3">
        <p className="text-sm font-medium text-red-700">
          {t(c.error, { message: failureText(current.error, t(c.loadMyShiftFailed)) })}
        </p>
        <Button variant="secondary" busy={current.isFetching} onClick={() => void current.refetch()}>
          {t(c.tryAgain)}
        </Button>
      </div>
    );

  const shift = current.data;
  if (shift)
    return (
      <>
        {outcomeAlert}
        <OpenShift
          shift={shift}
          close={close}
          focusHeading={justOpened}
          refreshing={current.isFetching}
          onRefresh={() => void current.refetch()}
          onClosed={(answer, detail) => {
            setJustOpened(false);
            // Still open: the count waits for an admin's sign-off (the server says so).
            if (answer.status === "open") {
              setOutcome({ tone: "error", text: specText(detail) });
              return;
            }
            setClosed(answer);
            setOutcome({ tone: "success", text: specText(detail) });
          }}
          onCloseFailed={(text, stale) => {
            setOutcome({ tone: "error", text });
            if (stale) void current.refetch();
          }}
        />
      </>
    );

  return (
    <>
      {outcomeAlert}
      {closed && <ClosedShift shift={closed} />}
      <section
        aria-labelledby="no-shift-heading"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 print:hidden"
      >
        <h2 id="no-shift-heading" className="text-xl font-semibold text-slate-900">
          {t(closed ? m.startAnother : m.noShift)}
        </h2>
        <Form onSubmit={openShift} aria-label={t(m.openShift)} className="mt-4 max-w-sm space-y-4">
          <Field label={t(dm.floatLabel)} hint={t(dm.floatHint)} error={floatError} errorId={`${floatId}-error`}>
            {(control) => (
              <input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                value={float}
                onChange={(event) => setFloat(event.target.value)}
                className={inputClasses}
              />
            )}
          </Field>
          <Button type="submit" busy={open.isPending}>
            {t(m.openShift)}
          </Button>
        </Form>
      </section>
    </>
  );
}

/** The open shift: its live report, a Refresh button, and the close form with its confirmation. */
function OpenShift({
  shift,
  close,
  focusHeading,
  refreshing,
  onRefresh,
  onClosed,
  onCloseFailed,
}: {
  shift: Shift;
  close: ReturnType<typeof useCloseShift>;
  focusHeading: boolean;
  refreshing: boolean;
  onRefresh: () => void;
  onClosed: (shift: Shift, detail: string) => void;
  onCloseFailed: (text: string, stale: boolean) => void;
}) {
  const noteId = useId();
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const headingRef = useFocusOnMount<HTMLHeadingElement>(focusHeading);
  const [count, setCount] = useState<DrawerCount>({});
  const [countError, setCountError] = useState<string>();
  const drawer = shift.drawer;
  // A drawer that held a float or took cash is counted at the close.
  const counts = drawer !== null && (drawer.float !== "0.00" || drawer.cash.count > 0 || drawer.expected !== "0.00");

  const showNoteError = (message: string) => {
    setNoteError(message);
    noteRef.current?.focus();
  };

  const submit = () => {
    const parsed = closeShiftSchema.safeParse({ note });
    if (!parsed.success) {
      showNoteError(specText(parsed.error.issues[0]?.message ?? t(m.writeNote)));
      return;
    }
    setNoteError(undefined);
    setConfirming(true);
  };

  const confirm = () => {
    close.mutate(
      { id: shift.id, note: note.trim(), ...(counts ? { count } : {}) },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          onClosed(answer.shift, answer.detail);
        },
        onError: (error) => {
          setConfirming(false);
          const server = error instanceof ApiError ? error.fieldError("note") : undefined;
          const countServer = error instanceof ApiError ? error.fieldError("count") : undefined;
          if (countServer) setCountError(specText(countServer));
          if (server) showNoteError(specText(server));
          else if (countServer) return;
          else onCloseFailed(failureText(error, t(m.closeFailed)), error instanceof ApiError && error.status === 409);
        },
      },
    );
  };

  return (
    <>
      <section
        aria-labelledby="open-shift-heading"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 ref={headingRef} tabIndex={-1} id="open-shift-heading" className="text-xl font-semibold text-slate-900">
              {t(m.reportOpen)}
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              {t(m.openedLive, {
                date: formatWatDateTime(shift.opened_at),
                time: (chunks) => <time dateTime={shift.opened_at}>{chunks}</time>,
              })}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2 print:hidden">
            <Button variant="secondary" busy={refreshing} onClick={onRefresh}>
              {t(m.refresh)}
            </Button>
            <SlipPrintControls content={shiftSlip(shift, t(m.reportOpen))} label={t(c.print)} />
          </div>
        </div>
        <div className="mt-4 space-y-4" aria-busy={refreshing || undefined}>
          {drawer && <DrawerSummary drawer={drawer} idPrefix="my-shift" />}
          <ShiftReportView report={shift.report} idPrefix="my-shift" />
        </div>
      </section>

      <section
        aria-labelledby="close-shift-heading"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 print:hidden"
      >
        <h2 id="close-shift-heading" className="text-xl font-semibold text-slate-900">
          {t(m.closeHeading)}
        </h2>
        {drawer?.awaiting_signoff ? (
          <p role="status" className="mt-3 max-w-prose text-sm text-slate-700">
            {t(dm.awaiting, { limit: formatNairaAmount(drawer.variance_limit) })}
          </p>
        ) : (
          <Form onSubmit={submit} aria-label={t(m.closeHeading)} className="mt-3 max-w-2xl space-y-4">
            {counts && drawer && (
              <DrawerCountFields count={count} onChange={setCount} expected={drawer.expected} error={countError} />
            )}
            <Field
              label={t(c.note)}
              error={noteError}
              errorId={`${noteId}-error`}
              hint={t(counts ? m.noteHint : m.noteHintNoCash)}
            >
              {(control) => (
                <textarea
                  {...control}
                  ref={noteRef}
                  rows={3}
                  maxLength={500}
                  value={note}
                  onChange={(event) => setNote(event.target.value)}
                  className={cn(inputClasses, "min-h-24")}
                />
              )}
            </Field>
            <Button type="submit">{t(m.closeShift)}</Button>
          </Form>
        )}
      </section>

      <Dialog
        open={confirming}
        onClose={() => {
          if (!close.isPending) setConfirming(false);
        }}
        title={t(m.confirmTitle)}
        footer={
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" disabled={close.isPending} onClick={() => setConfirming(false)}>
              {t(m.keepOpen)}
            </Button>
            <Button busy={close.isPending} onClick={confirm}>
              {t(m.closeShift)}
            </Button>
          </div>
        }
      >
        <p className="text-sm text-slate-700">{t(m.confirmText)}</p>
        <p className="mt-3 text-sm text-slate-700 wrap-anywhere">
          {t(m.confirmNote, {
            note: note.trim(),
            b: (chunks) => <span className="font-medium text-slate-900">{chunks}</span>,
          })}
        </p>
      </Dialog>
    </>
  );
}

/** A shift this screen has just closed: its locked report, read-only, with the note and the time of the close. */
function ClosedShift({ shift }: { shift: Shift }) {
  // It appears only after this screen's own close: the form and its button are gone.
  const headingRef = useFocusOnMount<HTMLHeadingElement>(true);
  return (
    <section
      aria-labelledby="closed-shift-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 ref={headingRef} tabIndex={-1} id="closed-shift-heading" className="text-xl font-semibold text-slate-900">
          {t(m.reportClosed)}
        </h2>
        <SlipPrintControls content={shiftSlip(shift, t(m.reportClosed))} label={t(c.print)} />
      </div>
      <div className="mt-3">
        <ShiftDetails shift={shift} idPrefix="closed-shift" />
      </div>
    </section>
  );
}
