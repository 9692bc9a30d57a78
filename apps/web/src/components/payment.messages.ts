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
});
