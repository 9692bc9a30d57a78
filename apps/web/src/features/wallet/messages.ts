import { defineMessages } from "../../i18n";

export const payScreenMessages = defineMessages({
  title: { id: "wallet.pay.title", defaultMessage: "Wallet Payment" },
  balance: { id: "wallet.pay.balance", defaultMessage: "Wallet balance: <b>{amount}</b>" },
  emptyCart: { id: "wallet.pay.emptyCart", defaultMessage: "Your cart is empty." },
  emptyCartHint: {
    id: "wallet.pay.emptyCartHint",
    defaultMessage: "Choose the hospital services you want to pay for from your wallet.",
  },
  payHospitalServices: { id: "wallet.pay.payHospitalServices", defaultMessage: "Pay Hospital Services" },
  backToDashboard: { id: "wallet.pay.backToDashboard", defaultMessage: "Back to dashboard" },
  cart: { id: "wallet.pay.cart", defaultMessage: "Your cart" },
  addMore: { id: "wallet.pay.addMore", defaultMessage: "Add more services" },
  fieldRequired: { id: "wallet.pay.fieldRequired", defaultMessage: "{field} is required." },
  profileMissing: {
    id: "wallet.pay.profileMissing",
    defaultMessage:
      "Your profile has no {fields}. Add {count, plural, one {it} other {them}} in <link>Account Settings</link>, or choose Someone Else.",
  },
  customersOnly: {
    id: "wallet.pay.customersOnly",
    defaultMessage: "Wallet payment is for customer accounts, which each have a wallet.",
  },
  fundWallet: { id: "wallet.pay.fundWallet", defaultMessage: "Fund your wallet" },
  payFromWallet: { id: "wallet.pay.payFromWallet", defaultMessage: "Pay from wallet" },
  paidBy: { id: "wallet.pay.paidBy", defaultMessage: "{name} (wallet)" },
});

export const customerMessages = defineMessages({
  firstName: { id: "wallet.customer.firstName", defaultMessage: "First name" },
  lastName: { id: "wallet.customer.lastName", defaultMessage: "Last name" },
  email: { id: "wallet.customer.email", defaultMessage: "Email" },
  phoneNumber: { id: "wallet.customer.phoneNumber", defaultMessage: "Phone number" },
  hospitalNumber: { id: "wallet.customer.hospitalNumber", defaultMessage: "Hospital number" },
  transactionDescription: { id: "wallet.customer.transactionDescription", defaultMessage: "Transaction description" },
  heading: { id: "wallet.customer.heading", defaultMessage: "Customer details" },
  whoFor: { id: "wallet.customer.whoFor", defaultMessage: "Who is this payment for?" },
  self: { id: "wallet.customer.self", defaultMessage: "Self" },
  other: { id: "wallet.customer.other", defaultMessage: "Someone Else" },
  selfHint: {
    id: "wallet.customer.selfHint",
    defaultMessage: "Your details come from your profile. Change them in Account Settings.",
  },
  otherHint: { id: "wallet.customer.otherHint", defaultMessage: "Enter the details of the person you are paying for." },
});

export const dialogMessages = defineMessages({
  completed: { id: "wallet.dialog.title.completed", defaultMessage: "Payment successful" },
  pending: { id: "wallet.dialog.title.pending", defaultMessage: "Payment pending" },
  failed: { id: "wallet.dialog.title.failed", defaultMessage: "Payment unsuccessful" },
  backToDashboard: { id: "wallet.dialog.backToDashboard", defaultMessage: "Back to dashboard" },
  tryAgain: { id: "wallet.dialog.tryAgain", defaultMessage: "Try Again" },
  retry: { id: "wallet.dialog.retry", defaultMessage: "Retry Payment" },
  status: { id: "wallet.dialog.status", defaultMessage: "Status: <status>{label}</status>" },
  fieldError: { id: "wallet.dialog.fieldError", defaultMessage: "{field}: {message}" },
  fundWallet: { id: "wallet.dialog.fundWallet", defaultMessage: "Fund your wallet" },
  receipt: { id: "wallet.dialog.receipt", defaultMessage: "Payment Receipt" },
  method: { id: "wallet.dialog.method", defaultMessage: "Wallet" },
  paidFor: { id: "wallet.dialog.paidFor", defaultMessage: "Paid for" },
  balanceNow: { id: "wallet.dialog.balanceNow", defaultMessage: "Wallet balance now: <b>{amount}</b>" },
  print: { id: "wallet.dialog.print", defaultMessage: "Print receipt" },
  history: { id: "wallet.dialog.history", defaultMessage: "View wallet history" },
});

export const paymentMessages = defineMessages({
  unconfirmed: {
    id: "wallet.payment.unconfirmed",
    defaultMessage: "We could not confirm this payment. Retry Payment asks again without charging your wallet twice.",
  },
});
