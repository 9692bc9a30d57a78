import { defineMessages } from "../i18n";

/** The cart's lines and totals, and the payment document (receipt) with its receipt code. */
export const paymentMessages = defineMessages({
  cartItems: { id: "components.cartLines.label", defaultMessage: "Cart items" },
  unitPriceEach: { id: "components.cartLines.unitPriceEach", defaultMessage: "<hidden>Unit price: </hidden>{price} each" },
  quantity: { id: "components.cartLines.quantity", defaultMessage: "Qty {quantity}" },
  lineTotal: { id: "components.cartLines.lineTotal", defaultMessage: "<hidden>Line total: </hidden>{amount}" },
  removeItem: { id: "components.cartLines.removeItem", defaultMessage: "Remove {name}" },
  remove: { id: "components.cartLines.remove", defaultMessage: "Remove" },
  cartTotals: { id: "components.cartLines.totals", defaultMessage: "Cart totals" },
  subtotal: { id: "components.payment.subtotal", defaultMessage: "Subtotal" },
  chargeFee: { id: "components.payment.chargeFee", defaultMessage: "Charge fee" },
  total: { id: "components.payment.total", defaultMessage: "Total" },
  reference: { id: "components.receipt.reference", defaultMessage: "Reference" },
  date: { id: "components.receipt.date", defaultMessage: "Date" },
  paymentMethod: { id: "components.receipt.paymentMethod", defaultMessage: "Payment method" },
  customer: { id: "components.receipt.customer", defaultMessage: "Customer" },
  email: { id: "components.receipt.email", defaultMessage: "Email" },
  phone: { id: "components.receipt.phone", defaultMessage: "Phone" },
  hospitalNumber: { id: "components.receipt.hospitalNumber", defaultMessage: "Hospital number" },
  paidBy: { id: "components.receipt.paidBy", defaultMessage: "Paid by" },
  items: { id: "components.receipt.items", defaultMessage: "Items" },
  service: { id: "components.receipt.service", defaultMessage: "Service" },
  qty: { id: "components.receipt.qty", defaultMessage: "Qty" },
  unitPrice: { id: "components.receipt.unitPrice", defaultMessage: "Unit price" },
  qrAlt: { id: "components.receiptCode.qrAlt", defaultMessage: "QR code of receipt code {code}" },
  receiptCode: { id: "components.receiptCode.label", defaultMessage: "Receipt code" },
  receiptCodeHelp: {
    id: "components.receiptCode.help",
    defaultMessage: "Show this code or its QR code where the service is given. Anyone can check it at <link>{address}</link>.",
  },
  billPartHelp: {
    id: "components.receiptCode.billPartHelp",
    defaultMessage:
      "This code proves your payment towards a hospital bill. Services are given against the bill's own receipt code, which is sent to the patient once the bill is paid in full. Anyone can check this code at <link>{address}</link>.",
  },
});

/** The confirmation every wallet payment asks for before it is sent: the fee, the total and the balance after it. */
export const confirmPaymentMessages = defineMessages({
  title: { id: "components.confirmPayment.title", defaultMessage: "Confirm wallet payment" },
  cancel: { id: "components.confirmPayment.cancel", defaultMessage: "Cancel" },
  confirm: { id: "components.confirmPayment.confirm", defaultMessage: "Confirm payment" },
  feeNotice: {
    id: "components.confirmPayment.feeNotice",
    defaultMessage: "A charge fee of <b>{fee}</b> is added. <b>{total}</b> will be paid from your wallet.",
  },
  payingFor: { id: "components.confirmPayment.payingFor", defaultMessage: "Paying for" },
  balanceAfter: { id: "components.confirmPayment.balanceAfter", defaultMessage: "Balance after payment" },
});
