import type { Shift } from "@hospipay/contract";
import type { SlipContent } from "../../../components/print/thermal-slip";
import { formatNairaAmount } from "../../../lib/money";
import { paymentMethodText } from "../../../lib/payment-methods";
import { formatWatDateTime } from "../../../lib/wat-time";
import { t } from "../../../i18n";
import {
  shiftDetailsMessages as d,
  shiftReportMessages as r,
  shiftSlipMessages as sm,
  shiftsCommonMessages as c,
} from "../messages";
import { departmentName, roleName } from "./shift-format";

/**
 * A shift's report as the desk prints it on thermal paper (components/print): who and when, then the money in,
 * the bills raised, the money received by method, the transfers and the items given, each a short list of
 * figures (the screen's tables do not fit 58 mm). Call during render.
 */
export function shiftSlip(shift: Shift, title: string): SlipContent {
  const { bills, received, transfers, items_given: given, totals } = shift.report;
  return {
    title,
    sections: [
      {
        rows: [
          {
            label: t(d.staff),
            value: t(d.staffValue, { name: shift.staff.name || shift.staff.email, role: roleName(shift.staff.role) }),
          },
          { label: t(c.opened), value: formatWatDateTime(shift.opened_at) },
          ...(shift.closed_at
            ? [{ label: t(c.closed), value: formatWatDateTime(shift.closed_at), detail: closedByOther(shift) }]
            : []),
          ...(shift.close_note !== null ? [{ label: t(c.note), detail: shift.close_note }] : []),
        ],
      },
      {
        heading: t(r.totals),
        rows: [
          { label: t(r.moneyIn), value: formatNairaAmount(totals.amount), strong: true },
          { label: t(r.paymentsAndTransfers), value: String(totals.count) },
        ],
      },
      {
        heading: t(r.billsRaised),
        rows: [
          { label: t(r.raised), value: String(bills.count) },
          { label: t(c.open), value: String(bills.open) },
          { label: t(r.paid), value: String(bills.paid) },
          { label: t(r.cancelled), value: String(bills.cancelled) },
          { label: t(r.totalAsked), value: formatNairaAmount(bills.total) },
          { label: t(r.paidSoFar), value: formatNairaAmount(bills.paid_amount) },
        ],
      },
      {
        heading: t(r.moneyReceived),
        rows: [
          ...received.by_method.map((row) => ({
            label: paymentMethodText(row.method),
            value: formatNairaAmount(row.total),
            detail: t(sm.payments, { count: row.count }),
          })),
          { label: t(r.allMethods), value: formatNairaAmount(received.total), strong: true },
          { label: t(r.inLedger), value: formatNairaAmount(received.ledger_total) },
        ],
      },
      {
        heading: t(r.transfersConfirmed),
        rows: [
          { label: t(r.settled), value: String(transfers.count) },
          { label: t(r.amountReceived), value: formatNairaAmount(transfers.amount) },
          { label: t(r.heldForRefund), value: String(transfers.held) },
          { label: t(r.amountHeld), value: formatNairaAmount(transfers.held_amount) },
          { label: t(r.awaitingApproval), value: String(transfers.awaiting_approval) },
        ],
      },
      {
        heading: t(r.itemsGiven),
        rows: [
          ...given.by_department.map((row) => ({
            label: departmentName(row.department),
            value: String(row.quantity),
            detail: t(sm.lines, { count: row.lines }),
          })),
          { label: t(r.allDepartments), value: String(given.quantity), strong: true },
        ],
      },
    ],
  };
}

/** "by Ada Obi" when someone other than the staff member closed the shift (an admin). */
function closedByOther(shift: Shift): string | undefined {
  if (!shift.closed_at || !shift.closed_by || shift.closed_by.id === shift.staff.id) return undefined;
  return t(sm.closedBy, { name: shift.closed_by.name });
}
