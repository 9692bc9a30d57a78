import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { useShift } from "../api/get-shift";
import { failureText } from "../api/shifts-error";
import { ShiftDetails } from "./shift-details";

/** One shift's report for an admin (GET /api/staff/shifts/{id}/), in a dialog that prints alone. */
export function ShiftDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const shift = useShift(id);
  const data = shift.data;
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      title={data ? `Shift of ${data.staff.name || data.staff.email}` : "Shift"}
      size="lg"
      printable
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" disabled={!data} onClick={() => window.print()}>
            Print
          </Button>
          <Button onClick={onClose}>Close</Button>
        </div>
      }
    >
      {shift.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading the shift…
        </p>
      ) : shift.isError ? (
        <div role="alert" className="space-y-3">
          <p className="text-sm font-medium text-red-700">Error: {failureText(shift.error, "Failed to load the shift.")}</p>
          <Button variant="secondary" busy={shift.isFetching} onClick={() => void shift.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        // A long report scrolls the dialog's body: this focusable region lets the keyboard scroll it even when
        // the report holds no table (whose own scroll regions take the focus).
        <div
          role="region"
          tabIndex={0}
          aria-label="The shift's report"
          className="rounded-lg focus-visible:outline-2 focus-visible:outline-teal-700"
        >
          <ShiftDetails
            shift={shift.data}
            idPrefix="shift-dialog"
            scope={`shift of ${shift.data.staff.name || shift.data.staff.email}`}
          />
        </div>
      )}
    </Dialog>
  );
}
