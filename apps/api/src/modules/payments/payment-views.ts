import { formatNaira, formatReceiptCode, koboToDecimal, verifyReceiptUrl, type ClosedReason } from "@hospipay/contract";
import { type OutgoingMail, paymentReceiptMail } from "../mail";
import { CANCELLED_REASON, type InvoiceItemRecord, type InvoiceRecord, type NewInvoiceItem } from "./invoices.repository";

/** The public names of payment states (SPEC: `PaymentStatus.SUCCESS`, shown lower-cased by the web). */
export const TRANSACTION_STATUS = { completed: "SUCCESS", pending: "PENDING", failed: "FAILED", refunded: "REFUNDED" } as const;

/** Why a failed payment closed, as payers are told: cancelled by the payer, expired, or null (declined, never started). */
export function closedReason(invoice: { status: string; failureReason: string | null }): ClosedReason | null {
  if (invoice.status !== "failed") return null;
  if (invoice.failureReason === CANCELLED_REASON) return "cancelled";
  return invoice.failureReason === "expired" ? "expired" : null;
}

/** A completed payment's receipt code as the payer is shown it; null for any other payment. */
const receiptCodeView = (invoice: InvoiceRecord) =>
  invoice.status === "completed" && invoice.receiptCode ? formatReceiptCode(invoice.receiptCode) : null;

/** One line of a payment as the payer's pages show it. */
const itemView = (item: InvoiceItemRecord) => ({
  service_name: item.serviceName,
  qty: item.qty,
  amount: koboToDecimal(item.unitPriceKobo),
  line_total: koboToDecimal(item.lineTotalKobo),
});

/**
 * A payment as the payer's browser sees it (status page, bank-details page). The payer's name, e-mail,
 * phone and hospital number (`customer`) only with `contact`, for a caller who proved them: a reference
 * reaches people (a receipt link, an RRR's callback) who must not learn whom it was for.
 */
export function paymentView(invoice: InvoiceRecord, items: InvoiceItemRecord[], sandbox: boolean, show: { contact: boolean }) {
  return {
    reference: invoice.reference,
    status: invoice.status,
    transaction_status: TRANSACTION_STATUS[invoice.status],
    closed_reason: closedReason(invoice),
    payment_method: invoice.paymentMethod,
    rrr: invoice.gateway === "remita" ? invoice.gatewayReference : null,
    amount: koboToDecimal(invoice.totalKobo),
    subtotal: koboToDecimal(invoice.subtotalKobo),
    charge_fee: koboToDecimal(invoice.chargeFeeKobo),
    items: items.map(itemView),
    customer: show.contact
      ? {
          name: invoice.customerName,
          email: invoice.customerEmail,
          phone: invoice.customerPhone,
          hospital_number: invoice.hospitalNumber,
        }
      : null,
    created_at: invoice.createdAt.toISOString(),
    paid_at: invoice.paidAt?.toISOString() ?? null,
    expires_at: invoice.expiresAt?.toISOString() ?? null,
    bank_account: invoice.bankAccount,
    // Paid short and waiting for the hospital: what arrived, beside the amount due (never "completed").
    amount_received: invoice.inReview ? koboToDecimal(invoice.reviewReceivedKobo!) : null,
    receipt_code: receiptCodeView(invoice),
    bill_part: invoice.billId !== null,
    sandbox,
  };
}

/** A record of the public look-up (SPEC §2 Transaction Invoices). */
export function publicTransactionView(invoice: InvoiceRecord, items: InvoiceItemRecord[]) {
  return {
    reference: invoice.reference,
    created_at: invoice.createdAt.toISOString(),
    amount: koboToDecimal(invoice.totalKobo),
    status: `PaymentStatus.${TRANSACTION_STATUS[invoice.status]}`,
    payment_method: invoice.paymentMethod,
    rrr: invoice.gateway === "remita" ? invoice.gatewayReference : null,
    customer_name: invoice.customerName,
    customer_email: invoice.customerEmail,
    customer_phone: invoice.customerPhone,
    items: items.map(itemView),
    closed_reason: closedReason(invoice),
    receipt_code: receiptCodeView(invoice),
  };
}

/** A cart's lines as the answer to a new payment lists them (SPEC §7 create payment). */
export function cartItemsView(lines: ReadonlyArray<Pick<NewInvoiceItem, "serviceId" | "serviceName" | "unitPriceKobo" | "qty">>) {
  return lines.map((line) => ({
    service: { id: line.serviceId, name: line.serviceName, price: koboToDecimal(line.unitPriceKobo) },
    qty: line.qty,
  }));
}

/** The payer's receipt page of a payment (where the receipt e-mail links, and Paystack sends the browser back). */
export const receiptPageUrl = (publicUrl: string, reference: string) =>
  `${publicUrl}/payment-success?reference=${encodeURIComponent(reference)}`;

/** The page where anyone sees a bill and pays it, in parts (its link and QR code). */
export const billPageUrl = (publicUrl: string, token: string) => `${publicUrl}/pay/${token}`;

/** A bill's part: its bill's token (its one line's service is `bill:{token}`) and the bill's page. */
function billPartOf(invoice: InvoiceRecord, items: InvoiceItemRecord[], publicUrl: string) {
  const token = invoice.billId === null ? undefined : items[0]?.serviceId.replace(/^bill:/, "");
  return token ? { token, link: billPageUrl(publicUrl, token) } : null;
}

/**
 * The receipt e-mail of a payment settled now, to the payment's own contact, with its items and receipt code,
 * in the language the payment was made in.
 */
export function receiptMail(invoice: InvoiceRecord, items: InvoiceItemRecord[], publicUrl: string): OutgoingMail {
  return paymentReceiptMail(
    {
      to: invoice.customerEmail,
      customerName: invoice.customerName,
      reference: invoice.reference,
      paidAt: new Date(),
      receiptUrl: receiptPageUrl(publicUrl, invoice.reference),
      items: items.map((item) => ({
        name: item.serviceName,
        qty: item.qty,
        unit: formatNaira(item.unitPriceKobo),
        lineTotal: formatNaira(item.lineTotalKobo),
      })),
      subtotal: formatNaira(invoice.subtotalKobo),
      fee: formatNaira(invoice.chargeFeeKobo),
      total: formatNaira(invoice.totalKobo),
      method: invoice.paymentMethod,
      rrr: invoice.gateway === "remita" ? invoice.gatewayReference : null,
      receipt: invoice.receiptCode
        ? { code: formatReceiptCode(invoice.receiptCode), verifyUrl: verifyReceiptUrl(publicUrl, invoice.receiptCode) }
        : null,
      billPart: billPartOf(invoice, items, publicUrl),
    },
    invoice.locale,
  );
}
