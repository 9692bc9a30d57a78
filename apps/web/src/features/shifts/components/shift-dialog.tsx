import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { useShift } from "../api/get-shift";
import { failureText } from "../api/shifts-error";
import { ShiftDetails } from "./shift-details";
import { SignoffForm } from "./signoff-form";
import { t } from "../../../i18n";
import { shiftDialogMessages as m, shiftsCommonMessages as c } from "../messages";

/** One shift's report for an admin (GET /api/staff/shifts/{id}/), in a dialog that prints alone. */
export function ShiftDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const shift = useShift(id);
  const data = shift.data;
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      title={data ? t(m.title, { name: data.staff.name || data.staff.email }) : t(m.titleLoading)}
      size="lg"
      printable
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" disabled={!data} onClick={() => window.print()}>
            {t(c.print)}
          </Button>
          <Button onClick={onClose}>{t(c.close)}</Button>
        </div>
      }
    >
      {shift.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          {t(m.loading)}
        </p>
      ) : shift.isError ? (
        <div role="alert" className="space-y-3">
          <p className="text-sm font-medium text-red-700">
            {t(c.error, { message: failureText(shift.error, t(c.loadShiftFailed)) })}
          </p>
          <Button variant="secondary" busy={shift.isFetching} onClick={() => void shift.refetch()}>
            {t(c.tryAgain)}
          </Button>
        </div>
      ) : (
        // A long report scrolls the dialog's body: this focusable region lets the keyboard scroll it even when
        // the report holds no table (whose own scroll regions take the focus).
        <div
          role="region"
          tabIndex={0}
          aria-label={t(m.report)}
          className="rounded-lg focus-visible:outline-2 focus-visible:outline-teal-700"
        >
          <ShiftDetails
            shift={shift.data}
            idPrefix="shift-dialog"
            scope={t(m.scope, { name: shift.data.staff.name || shift.data.staff.email })}
          />
          {shift.data.status === "open" && shift.data.drawer?.awaiting_signoff && <SignoffForm shift={shift.data} />}
        </div>
      )}
    </Dialog>
  );
}
