import { defineMessages } from "../../i18n";

export const summaryMessages = defineMessages({
  title: { id: "checkout.summary.title", defaultMessage: "Payment Summary" },
  lead: { id: "checkout.summary.lead", defaultMessage: "Check your order, tell us who is paying, and choose how to pay." },
  order: { id: "checkout.summary.order", defaultMessage: "Order summary" },
  items: { id: "checkout.summary.items", defaultMessage: "Items to pay for" },
  backToCart: { id: "checkout.summary.backToCart", defaultMessage: "Back to cart" },
  form: { id: "checkout.summary.form", defaultMessage: "Payment details" },
  customer: { id: "checkout.summary.customer", defaultMessage: "Customer details" },
  name: { id: "checkout.summary.name", defaultMessage: "Full name" },
  email: { id: "checkout.summary.email", defaultMessage: "Email" },
  phone: { id: "checkout.summary.phone", defaultMessage: "Phone number" },
  hospitalNumber: { id: "checkout.summary.hospitalNumber", defaultMessage: "Hospital number" },
  description: { id: "checkout.summary.description", defaultMessage: "Transaction description (optional)" },
  method: { id: "checkout.summary.method", defaultMessage: "Payment method" },
  loadingMethods: { id: "checkout.summary.loadingMethods", defaultMessage: "Loading payment methods…" },
  noMethods: {
    id: "checkout.summary.noMethods",
    defaultMessage: "No payment methods are available right now. Please try again later.",
  },
  payNow: { id: "checkout.summary.payNow", defaultMessage: "Pay now" },
  total: { id: "checkout.summary.total", defaultMessage: "Total to pay: <b>{amount}</b>" },
  confirming: { id: "checkout.summary.confirming", defaultMessage: "Confirming your payment…" },
  closing: { id: "checkout.summary.closing", defaultMessage: "Checking this payment with the gateway…" },
  resumed: {
    id: "checkout.summary.resumed",
    defaultMessage: "You already started this payment: it continues with the same reference, not a new charge.",
  },
  complete: {
    id: "checkout.summary.complete",
    defaultMessage: "Complete your payment in the payment window. Keep this page open.",
  },
  notCompleted: {
    id: "checkout.summary.notCompleted",
    defaultMessage: "Payment not completed. You can pay again or choose another payment method.",
  },
  stillOpen: {
    id: "checkout.summary.stillOpen",
    defaultMessage:
      "Payment not completed. You can pay again or choose another payment method. This payment is still open: pressing Pay now again for the same cart continues it with the same reference, so you are never charged twice.",
  },
  cancelled: {
    id: "checkout.summary.cancelled",
    defaultMessage: "Payment cancelled. Nothing was charged. You can pay again or choose another payment method.",
  },
});

export const cartMessages = defineMessages({
  title: { id: "checkout.cart.title", defaultMessage: "Your Cart" },
  empty: { id: "checkout.cart.empty", defaultMessage: "Your cart is empty." },
  emptyHint: {
    id: "checkout.cart.emptyHint",
    defaultMessage: "Choose the hospital services you want to pay for with Quick Pay.",
  },
  quickPay: { id: "checkout.cart.quickPay", defaultMessage: "Quick Pay" },
  backHome: { id: "checkout.cart.backHome", defaultMessage: "Back to home" },
  lead: { id: "checkout.cart.lead", defaultMessage: "Check the services and quantities, then continue to payment." },
  clear: { id: "checkout.cart.clear", defaultMessage: "Clear cart" },
  addMore: { id: "checkout.cart.addMore", defaultMessage: "Add more services" },
  proceed: { id: "checkout.cart.proceed", defaultMessage: "Proceed to payment" },
});

export const bankMessages = defineMessages({
  title: { id: "checkout.bank.title", defaultMessage: "Bank Transfer Details" },
  unknownMethod: { id: "checkout.bank.unknownMethod", defaultMessage: "Bank details are not available for this payment method." },
  backHome: { id: "checkout.bank.backHome", defaultMessage: "Back to home" },
  notFound: {
    id: "checkout.bank.notFound",
    defaultMessage:
      "We could not find a payment with the reference <ref>{reference}</ref>. Please check the link or start a new payment.",
  },
  loading: { id: "checkout.bank.loading", defaultMessage: "Loading payment details…" },
  loadFailed: {
    id: "checkout.bank.loadFailed",
    defaultMessage: "We could not load the payment details. Please check your connection and try again.",
  },
  tryAgain: { id: "checkout.bank.tryAgain", defaultMessage: "Try again" },
  received: { id: "checkout.bank.received", defaultMessage: "Payment received" },
  confirmed: { id: "checkout.bank.confirmed", defaultMessage: "Your transfer of {amount} has been confirmed. Thank you." },
  viewReceipt: { id: "checkout.bank.viewReceipt", defaultMessage: "View receipt" },
  refunded: {
    id: "checkout.bank.refunded",
    defaultMessage: "This payment was refunded. Please start a new payment if you still need to pay.",
  },
  failed: {
    id: "checkout.bank.failed",
    defaultMessage: "This payment did not go through. Please go back to your cart and start a new payment.",
  },
  expired: {
    id: "checkout.bank.expired",
    defaultMessage:
      "This account number has expired. Do not transfer to it. Please go back to your cart and start a new payment.",
  },
  transferExactly: {
    id: "checkout.bank.transferExactly",
    defaultMessage:
      "Transfer exactly <b>{amount}</b> to the account below. This page updates by itself once the transfer arrives.",
  },
  noAccount: {
    id: "checkout.bank.noAccount",
    defaultMessage: "The account for this payment is not available. Please go back to your cart and start a new payment.",
  },
  waiting: { id: "checkout.bank.waiting", defaultMessage: "Waiting for your transfer…" },
  copied: { id: "checkout.bank.copied", defaultMessage: "Account number copied" },
  copyFailed: { id: "checkout.bank.copyFailed", defaultMessage: "Could not copy. Please copy the number by hand." },
  accountNumber: { id: "checkout.bank.accountNumber", defaultMessage: "Account number" },
  copyLabel: { id: "checkout.bank.copyLabel", defaultMessage: "Copy account number" },
  copyDone: { id: "checkout.bank.copyDone", defaultMessage: "Copied" },
  copy: { id: "checkout.bank.copy", defaultMessage: "Copy" },
  bank: { id: "checkout.bank.bank", defaultMessage: "Bank" },
  accountName: { id: "checkout.bank.accountName", defaultMessage: "Account name" },
  amount: { id: "checkout.bank.amount", defaultMessage: "Amount to transfer" },
  reference: { id: "checkout.bank.reference", defaultMessage: "Reference" },
  expiresIn: { id: "checkout.bank.expiresIn", defaultMessage: "Expires in" },
  expiresInSr: { id: "checkout.bank.expiresInSr", defaultMessage: "{time} (minutes and seconds)" },
  sandbox: { id: "checkout.bank.sandbox", defaultMessage: "Sandbox only" },
  sandboxText: {
    id: "checkout.bank.sandboxText",
    defaultMessage:
      "No real bank is connected. This button makes the Monnify simulator pay this account, as a bank transfer would.",
  },
  simulate: { id: "checkout.bank.simulate", defaultMessage: "Simulate bank transfer (sandbox)" },
  simulateFailed: { id: "checkout.bank.simulateFailed", defaultMessage: "The simulated transfer failed. Please try again." },
  transferAmount: {
    id: "checkout.bank.transferAmount",
    defaultMessage: "Transfer <b>{amount}</b> to the hospital’s account below and use your reference as the narration.",
  },
  transferTotal: {
    id: "checkout.bank.transferTotal",
    defaultMessage: "Transfer the total to the hospital’s account below and use your reference as the narration.",
  },
  takes: { id: "checkout.bank.takes", defaultMessage: "Bank transfer confirmation takes 24-48 hours." },
});

export const statusMessages = defineMessages({
  title: { id: "checkout.status.title", defaultMessage: "Payment Status" },
  status: { id: "checkout.status.status", defaultMessage: "Status: <pill>{status}</pill>" },
  checking: { id: "checkout.status.checking", defaultMessage: "Checking with the server…" },
  short: {
    id: "checkout.status.short",
    defaultMessage:
      "We received {received} of {amount}. The hospital will review this payment: it is refunded, or completed once the balance is paid.",
  },
  checkStatus: { id: "checkout.status.checkStatus", defaultMessage: "Check Status" },
  print: { id: "checkout.status.print", defaultMessage: "Print receipt" },
  payAgain: { id: "checkout.status.payAgain", defaultMessage: "Pay again" },
  backHome: { id: "checkout.status.backHome", defaultMessage: "Back to home" },
  nothing: { id: "checkout.status.nothing", defaultMessage: "No payment was given to this page, so there is no status to show." },
  findHint: {
    id: "checkout.status.findHint",
    defaultMessage: "Find a payment with the e-mail and phone number it was made with.",
  },
  lookUp: { id: "checkout.status.lookUp", defaultMessage: "Look up a transaction" },
});

/** What the document below the status is headed (and printed) as: only a completed payment is a receipt. */
export const documentHeadings = defineMessages({
  completed: { id: "checkout.document.completed", defaultMessage: "Payment Receipt" },
  pending: { id: "checkout.document.pending", defaultMessage: "Awaiting payment: this is not a receipt" },
  failed: { id: "checkout.document.failed", defaultMessage: "Payment failed" },
  cancelled: { id: "checkout.document.cancelled", defaultMessage: "Payment cancelled" },
  expired: { id: "checkout.document.expired", defaultMessage: "Payment expired" },
  refunded: { id: "checkout.document.refunded", defaultMessage: "Payment refunded: this is not a receipt" },
  unconfirmed: { id: "checkout.document.unconfirmed", defaultMessage: "Not confirmed yet: this is not a receipt" },
  offline: { id: "checkout.document.offline", defaultMessage: "Not checked: you are offline. This is not a receipt" },
});

/** What the payer is told under the status, when the payment is not completed. */
export const explanations = defineMessages({
  pending: {
    id: "checkout.explanation.pending",
    defaultMessage: "Your payment has not been confirmed yet. Use “Check Status” to ask again.",
  },
  failed: { id: "checkout.explanation.failed", defaultMessage: "This payment did not go through. You can pay again." },
  cancelled: { id: "checkout.explanation.cancelled", defaultMessage: "This payment was cancelled. You can pay again." },
  expired: { id: "checkout.explanation.expired", defaultMessage: "This payment expired before it was paid. You can pay again." },
  refunded: { id: "checkout.explanation.refunded", defaultMessage: "This payment was refunded." },
  unconfirmed: {
    id: "checkout.explanation.unconfirmed",
    defaultMessage: "We could not confirm this payment. Use “Check Status” to ask again.",
  },
  offline: {
    id: "checkout.explanation.offline",
    defaultMessage: "You are offline, so this payment cannot be checked. Use “Check Status” once you are back online.",
  },
});

/** A guest's choice to keep a receipt on this device (components/keep-receipt-choice.tsx). */
export const keepReceiptMessages = defineMessages({
  keep: { id: "checkout.keepReceipt.keep", defaultMessage: "Keep this receipt on this device" },
  hint: {
    id: "checkout.keepReceipt.hint",
    defaultMessage:
      "Otherwise this device forgets it when this tab is closed. Kept, it opens without a connection until you untick this or clear this browser''s data in Privacy Settings.",
  },
  failed: {
    id: "checkout.keepReceipt.failed",
    defaultMessage: "This receipt could not be kept on this device. Try again once you are online.",
  },
});
