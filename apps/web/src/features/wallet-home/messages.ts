import { defineMessages } from "../../i18n";

export const homeMessages = defineMessages({
  overview: { id: "wallet-home.home.tab.overview", defaultMessage: "Overview" },
  payments: { id: "wallet-home.home.tab.payments", defaultMessage: "Payments" },
  history: { id: "wallet-home.home.tab.history", defaultMessage: "History" },
  fund: { id: "wallet-home.home.tab.fund", defaultMessage: "Fund" },
  transfer: { id: "wallet-home.home.tab.transfer", defaultMessage: "Transfer" },
  title: { id: "wallet-home.home.title", defaultMessage: "Dashboard" },
  welcome: { id: "wallet-home.home.welcome", defaultMessage: "Welcome back, {name}." },
  fundWallet: { id: "wallet-home.home.fundWallet", defaultMessage: "Fund Wallet" },
  payHospitalServices: { id: "wallet-home.home.payHospitalServices", defaultMessage: "Pay Hospital Services" },
  manageAccount: { id: "wallet-home.home.manageAccount", defaultMessage: "Manage Account" },
  confirming: { id: "wallet-home.home.confirming", defaultMessage: "Confirming your top-up with Remita…" },
  sections: { id: "wallet-home.home.sections", defaultMessage: "Dashboard sections" },
  balance: { id: "wallet-home.home.balance", defaultMessage: "Wallet balance" },
  transactionFee: { id: "wallet-home.home.transactionFee", defaultMessage: "Transaction fee" },
  /** Beside SPEC's fixed "0.5%": the fee rule a payment is actually charged (contract CHARGE_FEE_KOBO). */
  feeApplied: { id: "wallet-home.home.feeApplied", defaultMessage: "Charged: {fee} per payment" },
  pendingBills: { id: "wallet-home.home.pendingBills", defaultMessage: "Pending bills" },
  recent: { id: "wallet-home.home.recent", defaultMessage: "Recent transactions" },
  viewAll: { id: "wallet-home.home.viewAll", defaultMessage: "View all history" },
  noTransactions: { id: "wallet-home.home.noTransactions", defaultMessage: "No wallet transactions yet." },
  startPaying: { id: "wallet-home.home.startPaying", defaultMessage: "Fund your wallet to start paying hospital services." },
  paymentOptions: { id: "wallet-home.home.paymentOptions", defaultMessage: "Payment options" },
  fundHeading: { id: "wallet-home.home.fundHeading", defaultMessage: "Fund your wallet" },
  fundLead: {
    id: "wallet-home.home.fundLead",
    defaultMessage: "Add money with your card, bank account or USSD through Remita. Balance: <b>{amount}</b>",
  },
  howMuch: {
    id: "wallet-home.home.howMuch",
    defaultMessage: "How much do you want to add? Current balance: <b>{amount}</b>",
  },
  busyConfirming: {
    id: "wallet-home.home.busyConfirming",
    defaultMessage: "A top-up is being confirmed. You can start another once it is done.",
  },
});

export const fundFormMessages = defineMessages({
  amount: { id: "wallet-home.fundForm.amount", defaultMessage: "Amount (₦)" },
  placeholder: { id: "wallet-home.fundForm.placeholder", defaultMessage: "e.g. 5,000" },
  hint: {
    id: "wallet-home.fundForm.hint",
    defaultMessage: "You pay through Remita; your balance updates once the payment is confirmed.",
  },
  submit: { id: "wallet-home.fundForm.submit", defaultMessage: "Top up wallet" },
});

export const historyMessages = defineMessages({
  heading: { id: "wallet-home.history.heading", defaultMessage: "Transaction history" },
  count: {
    id: "wallet-home.history.count",
    defaultMessage: "{count, plural, one {{total} transaction} other {{total} transactions}}",
  },
  loading: { id: "wallet-home.history.loading", defaultMessage: "Loading transactions…" },
  failed: { id: "wallet-home.history.failed", defaultMessage: "Your wallet transactions could not be loaded." },
  tryAgain: { id: "wallet-home.history.tryAgain", defaultMessage: "Try loading again" },
  empty: { id: "wallet-home.history.empty", defaultMessage: "No wallet transactions yet." },
  emptyHint: { id: "wallet-home.history.emptyHint", defaultMessage: "Top-ups and wallet payments show here." },
  pageFailed: { id: "wallet-home.history.pageFailed", defaultMessage: "This page of transactions could not be loaded." },
  list: { id: "wallet-home.history.list", defaultMessage: "Wallet transactions" },
  pages: { id: "wallet-home.history.pages", defaultMessage: "Transaction pages" },
  previous: { id: "wallet-home.history.previous", defaultMessage: "Previous" },
  next: { id: "wallet-home.history.next", defaultMessage: "Next" },
  page: { id: "wallet-home.history.page", defaultMessage: "Page {page} of {pages}" },
});

/** The texts of the reserved account card, one place for the screen and its tests. */
export const RESERVED_ACCOUNT_TEXT = defineMessages({
  heading: { id: "wallet-home.reservedAccount.heading", defaultMessage: "Your account number" },
  introRoom: {
    id: "wallet-home.reservedAccount.introRoom",
    defaultMessage:
      "Transfer from any bank app to this account: up to {amount} now is added to your wallet by itself (your tier {level} limits). More than that is held until your tier allows it.",
  },
  introLimits: {
    id: "wallet-home.reservedAccount.introLimits",
    defaultMessage:
      "Transfer from any bank app to this account: it is added to your wallet by itself, within your tier's limits. More than they allow is held until your tier allows it.",
  },
  loading: { id: "wallet-home.reservedAccount.loading", defaultMessage: "Loading your account number…" },
  failed: { id: "wallet-home.reservedAccount.failed", defaultMessage: "Your account number could not be loaded." },
  pending: {
    id: "wallet-home.reservedAccount.pending",
    defaultMessage: "Your account number is being set up. It appears here in a moment.",
  },
  needsNin: { id: "wallet-home.reservedAccount.needsNin", defaultMessage: "Add your NIN in KYC to get an account number." },
  notNin: {
    id: "wallet-home.reservedAccount.notNin",
    defaultMessage: "No account number was issued: it needs a NIN, and your KYC gives another ID.",
  },
  invalidNin: {
    id: "wallet-home.reservedAccount.invalidNin",
    defaultMessage: "No account number was issued: the NIN in your KYC is not 11 digits.",
  },
  copied: { id: "wallet-home.reservedAccount.copied", defaultMessage: "Account number copied" },
  copyFailed: {
    id: "wallet-home.reservedAccount.copyFailed",
    defaultMessage: "Could not copy. Please copy the number by hand.",
  },
  tryAgain: { id: "wallet-home.reservedAccount.tryAgain", defaultMessage: "Try loading again" },
  goToKyc: { id: "wallet-home.reservedAccount.goToKyc", defaultMessage: "Go to Account Settings, then KYC" },
  accountNumber: { id: "wallet-home.reservedAccount.accountNumber", defaultMessage: "Account number" },
  copyLabel: { id: "wallet-home.reservedAccount.copyLabel", defaultMessage: "Copy account number" },
  copy: { id: "wallet-home.reservedAccount.copy", defaultMessage: "Copy" },
  copyDone: { id: "wallet-home.reservedAccount.copyDone", defaultMessage: "Copied" },
  bank: { id: "wallet-home.reservedAccount.bank", defaultMessage: "Bank" },
  accountName: { id: "wallet-home.reservedAccount.accountName", defaultMessage: "Account name" },
});

/** The texts of the tier card, one place for the screen and its tests. */
export const TIER_TEXT = defineMessages({
  heading: { id: "wallet-home.tier.heading", defaultMessage: "Your wallet limits" },
  loading: { id: "wallet-home.tier.loading", defaultMessage: "Loading your wallet limits…" },
  failed: { id: "wallet-home.tier.failed", defaultMessage: "Your wallet limits could not be loaded." },
  tryAgain: { id: "wallet-home.tier.tryAgain", defaultMessage: "Try loading again" },
  tier: { id: "wallet-home.tier.tier", defaultMessage: "Tier {level}" },
  singleCredit: { id: "wallet-home.tier.singleCredit", defaultMessage: "Largest single top-up or transfer" },
  balance: { id: "wallet-home.tier.balance", defaultMessage: "Largest balance" },
  noLimit: { id: "wallet-home.tier.noLimit", defaultMessage: "No limit" },
  raise: { id: "wallet-home.tier.raise", defaultMessage: "Verified KYC raises your tier and its limits." },
  heldHeading: { id: "wallet-home.tier.heldHeading", defaultMessage: "Held transfers" },
  heldOverBalance: {
    id: "wallet-home.tier.heldOverBalance",
    defaultMessage:
      "{amount} held: your tier's limit on your balance is {limit}. It is added to your wallet once your tier allows it, or returned to the sender.",
  },
  heldNoBalanceLimit: {
    id: "wallet-home.tier.heldNoBalanceLimit",
    defaultMessage:
      "{amount} held: your tier's limit on your balance is no limit. It is added to your wallet once your tier allows it, or returned to the sender.",
  },
  heldOverSingleCredit: {
    id: "wallet-home.tier.heldOverSingleCredit",
    defaultMessage:
      "{amount} held: your tier's limit on a single credit is {limit}. It is added to your wallet once your tier allows it, or returned to the sender.",
  },
  from: { id: "wallet-home.tier.from", defaultMessage: "From {name}" },
});

export const transactionMessages = defineMessages({
  notAdded: { id: "wallet-home.transaction.notAdded", defaultMessage: "Not added to your wallet:" },
  notCharged: { id: "wallet-home.transaction.notCharged", defaultMessage: "Not charged:" },
  notYetPaid: { id: "wallet-home.transaction.notYetPaid", defaultMessage: "Not yet paid:" },
  unpaidFailed: {
    id: "wallet-home.transaction.unpaid.failed",
    defaultMessage: "This top-up failed. Nothing was added to your wallet.",
  },
  unpaidCancelled: {
    id: "wallet-home.transaction.unpaid.cancelled",
    defaultMessage: "This top-up was cancelled. Nothing was added to your wallet.",
  },
  unpaidExpired: {
    id: "wallet-home.transaction.unpaid.expired",
    defaultMessage: "This top-up expired. Nothing was added to your wallet.",
  },
  item: { id: "wallet-home.transaction.item", defaultMessage: "Transaction {id}" },
  type: {
    id: "wallet-home.transaction.type",
    defaultMessage: "{type, select, credit {credit} debit {debit} charge {charge} other {{type}}}",
  },
  bankTransfer: { id: "wallet-home.transaction.bankTransfer", defaultMessage: "Bank transfer" },
  topUp: { id: "wallet-home.transaction.topUp", defaultMessage: "Wallet top-up" },
  payment: { id: "wallet-home.transaction.payment", defaultMessage: "Payment" },
  from: { id: "wallet-home.transaction.from", defaultMessage: "From {name}" },
  id: { id: "wallet-home.transaction.id", defaultMessage: "ID" },
  reference: { id: "wallet-home.transaction.reference", defaultMessage: "Reference" },
  proceed: { id: "wallet-home.transaction.proceed", defaultMessage: "Proceed" },
  waiting: { id: "wallet-home.transaction.waiting", defaultMessage: "This top-up is waiting for payment." },
  held: { id: "wallet-home.transaction.held", defaultMessage: "held" },
  notYetInWallet: { id: "wallet-home.transaction.notYetInWallet", defaultMessage: "Held, not yet in your wallet:" },
  heldExplained: {
    id: "wallet-home.transaction.heldExplained",
    defaultMessage:
      "This money arrived but is over your tier's limits, so it is held for you. Raise your KYC tier to receive it: it is added to your wallet once your tier allows it.",
  },
  monnifyReference: { id: "wallet-home.transaction.monnifyReference", defaultMessage: "Monnify transaction reference" },
  paystackReference: { id: "wallet-home.transaction.paystackReference", defaultMessage: "Paystack reference" },
});

export const topUpMessages = defineMessages({
  pending: {
    id: "wallet-home.topUp.pending",
    defaultMessage: "Your top-up is still being confirmed. Your balance updates as soon as Remita confirms it.",
  },
});
