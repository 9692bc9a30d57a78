import type { StaffBill } from "@hospipay/contract";
import type { SlipContent } from "../../../components/print/thermal-slip";
import { formatNairaAmount } from "../../../lib/money";
import { formatWatDateTime, formatWatDay } from "../../../lib/wat-time";
import { t } from "../../../i18n";
import { billDetailMessages as m, billSlipMessages as s, billsCommonMessages as c, billStatusMessages as st } from "../messages";
import { payLink } from "./bill-format";

/**
 * A bill as the desk prints it on thermal paper (components/print): its number (the token), the patient and
 * hospital number, who raised it and when, the lines, total, paid, waived (if any) and left; then the bill's receipt code once it
 * is paid in full, else (open) the QR code of its pay link. Call during render.
 */
export function billSlip(bill: StaffBill): SlipContent {
  const link = payLink(bill.token, bill.pay_url);
  return {
    title: t(s.title),
    sections: [
      {
        rows: [
          { label: t(s.billNumber), value: bill.token },
          { label: t(s.status), value: t(st[bill.status]) },
          { label: t(m.patient), value: bill.patient_name },
          { label: t(m.hospitalNumber), value: bill.hospital_number },
          { label: t(s.raisedBy), value: bill.created_by.name || bill.created_by.email },
          { label: t(s.raisedOn), value: formatWatDateTime(bill.created_at) },
          ...(bill.due_date ? [{ label: t(m.dueDate), value: formatWatDay(`${bill.due_date}T12:00:00Z`) }] : []),
        ],
      },
      {
        heading: t(m.lines),
        rows: bill.items.map((item) => ({
          label: item.service_name,
          value: formatNairaAmount(item.line_total),
          // No break inside "2 × ₦1,500.00", which would leave the price alone on a 58 mm line.
          detail: `${item.department ? `${item.department} · ` : ""}${item.quantity}\u00a0×\u00a0${formatNairaAmount(item.unit_price)}`,
        })),
      },
      {
        rows: [
          { label: t(c.total), value: formatNairaAmount(bill.total), strong: true },
          { label: t(c.paid), value: formatNairaAmount(bill.paid) },
          ...(Number(bill.waived) > 0 ? [{ label: t(c.waived), value: formatNairaAmount(bill.waived) }] : []),
          { label: t(c.leftToPay), value: formatNairaAmount(bill.left), strong: true },
        ],
      },
    ],
    receiptCode: bill.receipt_code,
    link: bill.status === "open" ? { href: link, caption: t(m.payOnlineHint), alt: t(m.qrAlt, { link }) } : null,
  };
}
