import { type Shift } from "@hospipay/contract";
import { Figure, ShiftReportView } from "./shift-report";
import { roleName } from "../utils/shift-format";
import { formatWatDateTime } from "../../../lib/wat-time";

/**
 * A shift as it prints: who, when it opened and closed (and by whom, when an admin closed it), the note, then
 * its report (live while open, as at the close once closed).
 */
export function ShiftDetails({ shift, idPrefix, scope }: { shift: Shift; idPrefix: string; scope?: string }) {
  return (
    <div className="space-y-4 text-sm">
      <dl className="max-w-2xl divide-y divide-slate-100">
        <Figure label="Staff">
          {shift.staff.name || shift.staff.email} ({roleName(shift.staff.role)})
        </Figure>
        <Figure label="Status">{shift.status === "open" ? "Open" : "Closed"}</Figure>
        <Figure label="Opened">
          <time dateTime={shift.opened_at}>{formatWatDateTime(shift.opened_at)}</time>
        </Figure>
        {shift.closed_at && (
          <Figure label="Closed">
            <time dateTime={shift.closed_at}>{formatWatDateTime(shift.closed_at)}</time>
            {shift.closed_by && shift.closed_by.id !== shift.staff.id ? ` by ${shift.closed_by.name}` : ""}
          </Figure>
        )}
        {shift.close_note !== null && <Figure label="Note">{shift.close_note}</Figure>}
      </dl>
      <ShiftReportView report={shift.report} idPrefix={idPrefix} scope={scope} />
    </div>
  );
}
