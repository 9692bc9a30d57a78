import { type Shift } from "@hospipay/contract";
import { DrawerSummary } from "./drawer-panel";
import { Figure } from "../../../components/ui/figure";
import { ShiftReportView } from "./shift-report";
import { roleName } from "../utils/shift-format";
import { formatWatDateTime } from "../../../lib/wat-time";
import { t } from "../../../i18n";
import { shiftDetailsMessages as m, shiftsCommonMessages as c } from "../messages";

/**
 * A shift as it prints: who, when it opened and closed (and by whom, when an admin closed it), the note, then
 * its report (live while open, as at the close once closed).
 */
export function ShiftDetails({ shift, idPrefix, scope }: { shift: Shift; idPrefix: string; scope?: string }) {
  return (
    <div className="space-y-4 text-sm">
      <dl className="max-w-2xl divide-y divide-slate-100">
        <Figure label={t(m.staff)}>
          {t(m.staffValue, { name: shift.staff.name || shift.staff.email, role: roleName(shift.staff.role) })}
        </Figure>
        <Figure label={t(m.status)}>{t(shift.status === "open" ? c.open : c.closed)}</Figure>
        <Figure label={t(c.opened)}>
          <time dateTime={shift.opened_at}>{formatWatDateTime(shift.opened_at)}</time>
        </Figure>
        {shift.closed_at && (
          <Figure label={t(c.closed)}>
            {shift.closed_by && shift.closed_by.id !== shift.staff.id ? (
              t(m.closedBy, {
                date: formatWatDateTime(shift.closed_at),
                name: shift.closed_by.name,
                time: (chunks) => <time dateTime={shift.closed_at!}>{chunks}</time>,
              })
            ) : (
              <time dateTime={shift.closed_at}>{formatWatDateTime(shift.closed_at)}</time>
            )}
          </Figure>
        )}
        {shift.close_note !== null && <Figure label={t(c.note)}>{shift.close_note}</Figure>}
      </dl>
      {shift.drawer && <DrawerSummary drawer={shift.drawer} idPrefix={idPrefix} />}
      <ShiftReportView report={shift.report} idPrefix={idPrefix} scope={scope} />
    </div>
  );
}
