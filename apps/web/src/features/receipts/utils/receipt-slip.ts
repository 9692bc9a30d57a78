import type { StaffReceipt } from "@hospipay/contract";
import type { SlipContent } from "../../../components/print/thermal-slip";
import { formatNairaAmount } from "../../../lib/money";
import { formatWatDateTime } from "../../../lib/wat-time";
import { t } from "../../../i18n";
import { RECEIPT_STATUS_LABELS } from "../components/receipt-status-badge";
import { receiptResultMessages as m, receiptSlipMessages as s } from "../messages";

/**
 * A receipt as the desk prints it on thermal paper (components/print): the bill number (a bill's receipt, or
 * the bill a part pays towards) or the payment's reference, the patient or payer and hospital number, when it
 * was paid, the items with what was given of each, the amount, and the code with its QR code. Call during render.
 */
export function receiptSlip(receipt: StaffReceipt): SlipContent {
  const isBill = receipt.kind === "bill";
  return {
    title: t(s.title),
    sections: [
      {
        rows: [
          isBill ? { label: t(s.billNumber), value: receipt.reference } : { label: t(m.reference), value: receipt.reference },
          ...(!isBill && receipt.bill ? [{ label: t(s.billNumber), value: receipt.bill.token }] : []),
          { label: t(isBill ? s.patient : m.payer), value: receipt.payer_name },
          ...(receipt.hospital_number ? [{ label: t(m.hospitalNumber), value: receipt.hospital_number }] : []),
          { label: t(m.paidOn), value: receipt.paid_at ? formatWatDateTime(receipt.paid_at) : t(m.notPaid) },
          { label: t(s.status), value: t(RECEIPT_STATUS_LABELS[receipt.status]) },
        ],
      },
      {
        heading: t(m.items),
        rows: receipt.items.map((item) => ({
          label: item.service_name,
          value: `×\u00a0${item.quantity}`,
          detail: t(s.itemDetail, {
            department: item.department ?? t(m.anyDepartment),
            given: item.given,
            quantity: item.quantity,
          }),
        })),
      },
      { rows: [{ label: t(m.amount), value: formatNairaAmount(receipt.amount), strong: true }] },
    ],
    receiptCode: receipt.code,
  };
}
