import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { t } from "../../../i18n";
import { useCurrentShift } from "../../../lib/staff-desk/current-shift";
import { failureText } from "../api/bills-error";
import { deskPaymentMessages as m } from "../desk-payment.messages";
import { billsCommonMessages as c } from "../messages";

/** The staff area the screen is in ("/agentdashboard/bills" → "/agentdashboard"), whose "My shift" is linked. */
function useAreaPath(): string {
  const area = useLocation().pathname.split("/")[1] ?? "";
  return area.endsWith("dashboard") ? `/${area}` : "/agentdashboard";
}

/**
 * Money is taken at the desk only inside the member's open shift whose count awaits no sign-off: while the shift
 * is read, a note; if it cannot be, the failure with "Try again"; without one, a link to the area's "My shift";
 * awaiting sign-off, why not; else `children` (the form).
 */
export function DeskShiftGate({ children }: { children: ReactNode }) {
  const shift = useCurrentShift();
  const area = useAreaPath();
  if (shift.isPending)
    return (
      <p role="status" className="text-slate-600">
        {t(m.checkingShift)}
      </p>
    );
  if (shift.isError)
    return (
      <div role="alert" className="space-y-2">
        <p className="font-medium text-red-700">{t(c.error, { message: failureText(shift.error, t(m.shiftFailed)) })}</p>
        <Button variant="secondary" busy={shift.isFetching} onClick={() => void shift.refetch()}>
          {t(c.tryAgain)}
        </Button>
      </div>
    );
  if (!shift.data)
    return (
      <Alert tone="info">
        {t(m.noShift, {
          link: (chunks) => (
            <Link to={`${area}/shift`} className="font-medium text-teal-800 underline underline-offset-2">
              {chunks}
            </Link>
          ),
        })}
      </Alert>
    );
  if (shift.data.drawer?.awaiting_signoff) return <Alert tone="info">{t(m.awaitingSignoff)}</Alert>;
  return <>{children}</>;
}
