import { defineMessages } from "../../i18n";

export const heroMessages = defineMessages({
  eyebrow: { id: "landing.hero.eyebrow", defaultMessage: "Hospital payments, simplified" },
  title: { id: "landing.hero.title", defaultMessage: "Welcome to Hospipay" },
  lead: {
    id: "landing.hero.lead",
    defaultMessage: "Pay hospital bills in Naira from your phone: as a guest with Quick Pay, or from your own prepaid wallet.",
  },
  createWallet: { id: "landing.hero.createWallet", defaultMessage: "Create Wallet" },
  quickPay: { id: "landing.hero.quickPay", defaultMessage: "Quick Pay" },
  guest: { id: "landing.hero.highlight.guest", defaultMessage: "Pay as a guest in minutes" },
  wallet: { id: "landing.hero.highlight.wallet", defaultMessage: "Fund a wallet and pay from it" },
  secure: { id: "landing.hero.highlight.secure", defaultMessage: "Secure, verified gateways" },
});

export const featuresMessages = defineMessages({
  heading: { id: "landing.features.heading", defaultMessage: "Explore Our Features" },
  lead: { id: "landing.features.lead", defaultMessage: "Everything you need to pay for care without the paperwork." },
  quickPayTitle: { id: "landing.features.quickPay.title", defaultMessage: "Quick Pay" },
  quickPayText: {
    id: "landing.features.quickPay.description",
    defaultMessage: "Pay for hospital services in a few taps, no account needed.",
  },
  walletPayTitle: { id: "landing.features.walletPay.title", defaultMessage: "Wallet Pay" },
  walletPayText: {
    id: "landing.features.walletPay.description",
    defaultMessage: "Settle bills straight from your prepaid wallet balance.",
  },
  saveTimeTitle: { id: "landing.features.saveTime.title", defaultMessage: "Save Time" },
  saveTimeText: {
    id: "landing.features.saveTime.description",
    defaultMessage: "Skip the queue at the cashier and pay from anywhere.",
  },
  securedPayTitle: { id: "landing.features.securedPay.title", defaultMessage: "Secured Pay" },
  securedPayText: {
    id: "landing.features.securedPay.description",
    defaultMessage: "Every payment runs through trusted, encrypted gateways.",
  },
  trackTitle: { id: "landing.features.track.title", defaultMessage: "Track Payment" },
  trackText: { id: "landing.features.track.description", defaultMessage: "Follow each payment from pending to confirmed." },
  historyTitle: { id: "landing.features.history.title", defaultMessage: "History" },
  historyText: {
    id: "landing.features.history.description",
    defaultMessage: "Find past invoices and receipts whenever you need them.",
  },
  depositTitle: { id: "landing.features.deposit.title", defaultMessage: "Deposit" },
  depositText: {
    id: "landing.features.deposit.description",
    defaultMessage: "Fund your wallet ahead of your next hospital visit.",
  },
});

export const lookupMessages = defineMessages({
  heading: { id: "landing.lookup.heading", defaultMessage: "Transaction Invoices" },
  lead: {
    id: "landing.lookup.lead",
    defaultMessage: "Paid before? Find your receipts with the email you used and the last six digits of your phone number.",
  },
  email: { id: "landing.lookup.email", defaultMessage: "Email" },
  digits: { id: "landing.lookup.digits", defaultMessage: "Last six digits of phone number" },
  find: { id: "landing.lookup.find", defaultMessage: "Find transactions" },
  searching: { id: "landing.lookup.searching", defaultMessage: "Searching…" },
  found: { id: "landing.lookup.found", defaultMessage: "Transactions found" },
  card: { id: "landing.lookup.card", defaultMessage: "Transaction {reference}" },
  reference: { id: "landing.lookup.reference", defaultMessage: "Reference" },
  date: { id: "landing.lookup.date", defaultMessage: "Date" },
  amount: { id: "landing.lookup.amount", defaultMessage: "Amount" },
  amountDue: { id: "landing.lookup.amountDue", defaultMessage: "Amount due" },
  amountNotCharged: { id: "landing.lookup.amountNotCharged", defaultMessage: "Amount (not charged)" },
  method: { id: "landing.lookup.method", defaultMessage: "Payment method" },
  rrr: { id: "landing.lookup.rrr", defaultMessage: "RRR" },
  customer: { id: "landing.lookup.customer", defaultMessage: "Customer" },
  phone: { id: "landing.lookup.phone", defaultMessage: "Phone" },
  items: { id: "landing.lookup.items", defaultMessage: "Items paid for" },
  service: { id: "landing.lookup.service", defaultMessage: "Service" },
  qty: { id: "landing.lookup.qty", defaultMessage: "Qty" },
  total: { id: "landing.lookup.total", defaultMessage: "Total" },
});
