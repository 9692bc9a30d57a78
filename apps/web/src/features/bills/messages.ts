import { defineMessages } from "../../i18n";

/** Texts shared by the bills screens: the shell, statuses, failures. */
export const billsCommonMessages = defineMessages({
  agentPanel: { id: "bills.common.agentPanel", defaultMessage: "Agent Panel" },
  adminPanel: { id: "bills.common.adminPanel", defaultMessage: "Admin Panel" },
  error: { id: "bills.common.error", defaultMessage: "Error: {message}" },
  tryAgain: { id: "bills.common.tryAgain", defaultMessage: "Try again" },
  networkError: { id: "bills.common.networkError", defaultMessage: "Network error. Please check your connection." },
  loadBillsFailed: { id: "bills.common.loadBillsFailed", defaultMessage: "Failed to load bills." },
  loadBillFailed: { id: "bills.common.loadBillFailed", defaultMessage: "Failed to load the bill." },
  loadingBill: { id: "bills.common.loadingBill", defaultMessage: "Loading the bill…" },
  cancelUnread: {
    id: "bills.common.cancelUnread",
    defaultMessage: "The bill was cancelled, but the answer could not be read.",
  },
  createUnread: {
    id: "bills.common.createUnread",
    defaultMessage: "The bill was raised, but its answer could not be read. Search for it.",
  },
  checkFields: {
    id: "bills.common.checkFields",
    defaultMessage: "Check {count, plural, one {the field} other {the # fields}} marked below.",
  },
  total: { id: "bills.common.total", defaultMessage: "Total" },
  paid: { id: "bills.common.paid", defaultMessage: "Paid" },
  leftToPay: { id: "bills.common.leftToPay", defaultMessage: "Left to pay" },
  waived: { id: "bills.common.waived", defaultMessage: "Waived" },
  hmoPart: { id: "bills.common.hmoPart", defaultMessage: "{hmo}'s part" },
  hmoLine: { id: "bills.common.hmoLine", defaultMessage: "{hmo} pays {amount}" },
  copayLine: { id: "bills.common.copayLine", defaultMessage: "co-payment {amount}" },
  preauthLine: { id: "bills.common.preauthLine", defaultMessage: "pre-authorisation {code}" },
  coverage: { id: "bills.common.coverage", defaultMessage: "{hmo} ({plan}), enrollee ID {enrollee}" },
});

/** A bill as the desk prints it on thermal paper. */
export const billSlipMessages = defineMessages({
  title: { id: "bills.slip.title", defaultMessage: "Bill" },
  billNumber: { id: "bills.slip.billNumber", defaultMessage: "Bill number" },
  status: { id: "bills.slip.status", defaultMessage: "Status" },
  raisedBy: { id: "bills.slip.raisedBy", defaultMessage: "Raised by" },
  raisedOn: { id: "bills.slip.raisedOn", defaultMessage: "Raised on" },
});

/** A bill's status as every bills screen names it. */
export const billStatusMessages = defineMessages({
  open: { id: "bills.status.open", defaultMessage: "Open" },
  paid: { id: "bills.status.paid", defaultMessage: "Paid" },
  cancelled: { id: "bills.status.cancelled", defaultMessage: "Cancelled" },
});

export const billsScreenMessages = defineMessages({
  title: { id: "bills.screen.title", defaultMessage: "Bills" },
  denied: { id: "bills.screen.denied", defaultMessage: "Access Denied: Staff privileges required." },
  closeForm: { id: "bills.screen.closeForm", defaultMessage: "Close the form" },
  raise: { id: "bills.screen.raise", defaultMessage: "Raise a bill" },
  findHeading: { id: "bills.screen.findHeading", defaultMessage: "Find a bill" },
  searchForm: { id: "bills.screen.searchForm", defaultMessage: "Search bills" },
  search: { id: "bills.screen.search", defaultMessage: "Search" },
  searchHint: {
    id: "bills.screen.searchHint",
    defaultMessage: "Hospital number, patient name, phone, e-mail or the bill's token.",
  },
  clear: { id: "bills.screen.clear", defaultMessage: "Clear" },
  loading: { id: "bills.screen.loading", defaultMessage: "Loading bills…" },
  noMatch: { id: "bills.screen.noMatch", defaultMessage: 'No bills match "{search}".' },
  none: { id: "bills.screen.none", defaultMessage: "No bills have been raised yet." },
  countMatch: {
    id: "bills.screen.countMatch",
    defaultMessage: '{count, plural, one {# bill matches} other {# bills match}} "{search}".',
  },
  count: { id: "bills.screen.count", defaultMessage: "{count, plural, one {# bill} other {# bills}}" },
  colRaised: { id: "bills.screen.colRaised", defaultMessage: "Raised (WAT)" },
  colPatient: { id: "bills.screen.colPatient", defaultMessage: "Patient" },
  colHospitalNumber: { id: "bills.screen.colHospitalNumber", defaultMessage: "Hospital number" },
  colLeft: { id: "bills.screen.colLeft", defaultMessage: "Left" },
  colStatus: { id: "bills.screen.colStatus", defaultMessage: "Status" },
  colActions: { id: "bills.screen.colActions", defaultMessage: "Actions" },
  tableLabel: { id: "bills.screen.tableLabel", defaultMessage: "Bills table" },
  tableCaption: { id: "bills.screen.tableCaption", defaultMessage: "Bills, newest first" },
  openLabel: {
    id: "bills.screen.openLabel",
    defaultMessage:
      "Open the {status, select, open {open} paid {paid} cancelled {cancelled} other {{status}}} bill of {name}, {total}",
  },
  open: { id: "bills.screen.open", defaultMessage: "Open" },
  pages: { id: "bills.screen.pages", defaultMessage: "Bill pages" },
  previous: { id: "bills.screen.previous", defaultMessage: "Previous" },
  next: { id: "bills.screen.next", defaultMessage: "Next" },
  page: { id: "bills.screen.page", defaultMessage: "Page {page} of {pages}" },
});

export const billDetailMessages = defineMessages({
  title: { id: "bills.detail.title", defaultMessage: "Bill for {name}" },
  titleLoading: { id: "bills.detail.titleLoading", defaultMessage: "Bill" },
  cancelBill: { id: "bills.detail.cancelBill", defaultMessage: "Cancel bill" },
  printSlip: { id: "bills.detail.printSlip", defaultMessage: "Print slip" },
  close: { id: "bills.detail.close", defaultMessage: "Close" },
  linkCopied: { id: "bills.detail.linkCopied", defaultMessage: "Link copied." },
  copyFailed: {
    id: "bills.detail.copyFailed",
    defaultMessage: "The link could not be copied: select it and copy it by hand.",
  },
  raisedBy: { id: "bills.detail.raisedBy", defaultMessage: "Raised {date} by {name}" },
  hospitalNumber: { id: "bills.detail.hospitalNumber", defaultMessage: "Hospital number" },
  patient: { id: "bills.detail.patient", defaultMessage: "Patient" },
  phone: { id: "bills.detail.phone", defaultMessage: "Phone" },
  email: { id: "bills.detail.email", defaultMessage: "E-mail" },
  dueDate: { id: "bills.detail.dueDate", defaultMessage: "Due date" },
  note: { id: "bills.detail.note", defaultMessage: "Note" },
  cancelled: { id: "bills.detail.cancelled", defaultMessage: "Cancelled" },
  lines: { id: "bills.detail.lines", defaultMessage: "Lines" },
  priceNote: { id: "bills.detail.priceNote", defaultMessage: "Price note: {note}" },
  payments: { id: "bills.detail.payments", defaultMessage: "Payments" },
  noPayments: { id: "bills.detail.noPayments", defaultMessage: "Nothing has been paid yet." },
  partStatus: {
    id: "bills.detail.partStatus",
    defaultMessage:
      "{method} · {status, select, completed {completed} pending {pending} failed {failed} refunded {refunded} cancelled {cancelled} other {{status}}}",
  },
  partStatusHeld: {
    id: "bills.detail.partStatusHeld",
    defaultMessage:
      "{method} · {status, select, completed {completed} pending {pending} failed {failed} refunded {refunded} cancelled {cancelled} other {{status}}} · held for a refund",
  },
  billReceipt: { id: "bills.detail.billReceipt", defaultMessage: "Bill receipt" },
  paymentLink: { id: "bills.detail.paymentLink", defaultMessage: "Payment link" },
  payOnline: { id: "bills.detail.payOnline", defaultMessage: "Pay online" },
  payOnlineHint: {
    id: "bills.detail.payOnlineHint",
    defaultMessage: "Scan the code or open the link to pay all or part of this bill.",
  },
  copyLink: { id: "bills.detail.copyLink", defaultMessage: "Copy link" },
  qrFailed: { id: "bills.detail.qrFailed", defaultMessage: "The QR code could not be drawn; share the link instead." },
  qrDrawing: { id: "bills.detail.qrDrawing", defaultMessage: "Drawing the QR code" },
  qrAlt: { id: "bills.detail.qrAlt", defaultMessage: "QR code of the bill's link {link}" },
  hmo: { id: "bills.detail.hmo", defaultMessage: "HMO" },
});

export const cancelBillMessages = defineMessages({
  title: { id: "bills.cancel.title", defaultMessage: "Cancel this bill?" },
  keep: { id: "bills.cancel.keep", defaultMessage: "Keep the bill" },
  form: { id: "bills.cancel.form", defaultMessage: "Cancel the bill" },
  reasonRequired: { id: "bills.cancel.reasonRequired", defaultMessage: "Give the reason for cancelling." },
  refunding: {
    id: "bills.cancel.refunding",
    defaultMessage: "{detail} {refunds, plural, one {# payment is} other {# payments are}} being refunded.",
  },
  failed: { id: "bills.cancel.failed", defaultMessage: "The bill could not be cancelled." },
  warning: { id: "bills.cancel.warning", defaultMessage: "The bill of {name} ({total}) can no longer be paid." },
  warningRefund: {
    id: "bills.cancel.warningRefund",
    defaultMessage: "The bill of {name} ({total}) can no longer be paid. The parts already paid are refunded to their payers.",
  },
  reason: { id: "bills.cancel.reason", defaultMessage: "Reason" },
  reasonHint: { id: "bills.cancel.reasonHint", defaultMessage: "It is kept in the audit log." },
});

export const raiseBillMessages = defineMessages({
  failed: { id: "bills.raise.failed", defaultMessage: "The bill could not be raised." },
  heading: { id: "bills.raise.heading", defaultMessage: "Raise a bill" },
  patient: { id: "bills.raise.patient", defaultMessage: "Patient" },
  hospitalNumber: { id: "bills.raise.hospitalNumber", defaultMessage: "Hospital number" },
  patientName: { id: "bills.raise.patientName", defaultMessage: "Patient name" },
  phone: { id: "bills.raise.phone", defaultMessage: "Phone number" },
  email: { id: "bills.raise.email", defaultMessage: "E-mail (optional)" },
  emailHint: { id: "bills.raise.emailHint", defaultMessage: "The bill's link is e-mailed here." },
  language: { id: "bills.raise.language", defaultMessage: "Patient's language" },
  languageHint: { id: "bills.raise.languageHint", defaultMessage: "The bill's link and receipts are sent in this language." },
  lines: { id: "bills.raise.lines", defaultMessage: "Lines" },
  addLine: { id: "bills.raise.addLine", defaultMessage: "Add a line" },
  total: { id: "bills.raise.total", defaultMessage: "Total: {amount}" },
  details: { id: "bills.raise.details", defaultMessage: "Details" },
  dueDate: { id: "bills.raise.dueDate", defaultMessage: "Due date (optional)" },
  note: { id: "bills.raise.note", defaultMessage: "Note (optional)" },
  submit: { id: "bills.raise.submit", defaultMessage: "Raise the bill" },
  cancel: { id: "bills.raise.cancel", defaultMessage: "Cancel" },
  enrolled: {
    id: "bills.raise.enrolled",
    defaultMessage: "Enrolled with {hmo} ({plan}), enrollee ID {enrollee}, until {until}.",
  },
  chargeHmo: { id: "bills.raise.chargeHmo", defaultMessage: "Charge {hmo} its part of each line" },
  chargeHmoHint: {
    id: "bills.raise.chargeHmoHint",
    defaultMessage: "The bill shows the HMO's part and the patient's part once it is raised.",
  },
  enrolmentUnknown: {
    id: "bills.raise.enrolmentUnknown",
    defaultMessage: "The patient's HMO enrolment could not be checked. A bill raised now is still split if they are enrolled.",
  },
});

export const billLineMessages = defineMessages({
  line: { id: "bills.line.line", defaultMessage: "Line {number}" },
  department: { id: "bills.line.department", defaultMessage: "Line {number}: department" },
  chooseDepartment: { id: "bills.line.chooseDepartment", defaultMessage: "Choose a department" },
  service: { id: "bills.line.service", defaultMessage: "Line {number}: service" },
  chooseDepartmentFirst: { id: "bills.line.chooseDepartmentFirst", defaultMessage: "Choose a department first" },
  loadingServices: { id: "bills.line.loadingServices", defaultMessage: "Loading services…" },
  chooseService: { id: "bills.line.chooseService", defaultMessage: "Choose a service" },
  serviceOpenPrice: { id: "bills.line.serviceOpenPrice", defaultMessage: "{name} — open price" },
  servicePrice: { id: "bills.line.servicePrice", defaultMessage: "{name} — {price}" },
  quantity: { id: "bills.line.quantity", defaultMessage: "Line {number}: quantity" },
  price: { id: "bills.line.price", defaultMessage: "Line {number}: price (₦)" },
  pricePlaceholder: { id: "bills.line.pricePlaceholder", defaultMessage: "e.g. 2500.00" },
  priceNote: { id: "bills.line.priceNote", defaultMessage: "Line {number}: price note" },
  priceNoteHint: { id: "bills.line.priceNoteHint", defaultMessage: "Why this price, e.g. the doctor's order." },
  totalUnknown: { id: "bills.line.totalUnknown", defaultMessage: "Line total: —" },
  total: { id: "bills.line.total", defaultMessage: "Line total: {amount}" },
  removeLabel: { id: "bills.line.removeLabel", defaultMessage: "Remove line {number}" },
  preauthCode: { id: "bills.line.preauthCode", defaultMessage: "Line {number}: pre-authorisation code (optional)" },
  preauthCodeHint: {
    id: "bills.line.preauthCodeHint",
    defaultMessage: "The code {hmo} gave for this service, when it asks for one.",
  },
  remove: { id: "bills.line.remove", defaultMessage: "Remove" },
});

/** The "Raise a bill" form's own checks. */
export const billFormMessages = defineMessages({
  hospitalNumber: { id: "bills.form.hospitalNumber", defaultMessage: "Enter the patient's hospital number." },
  patientName: { id: "bills.form.patientName", defaultMessage: "Enter the patient's name." },
  patientPhone: { id: "bills.form.patientPhone", defaultMessage: "Enter the patient's phone number." },
  chooseService: { id: "bills.form.chooseService", defaultMessage: "Choose a service." },
  chooseDepartment: { id: "bills.form.chooseDepartment", defaultMessage: "Choose a department, then a service." },
  quantity: { id: "bills.form.quantity", defaultMessage: "Enter a whole number from 1 to {max}." },
  price: { id: "bills.form.price", defaultMessage: "Enter a price above 0, e.g. 2500 or 2500.50." },
  priceNote: {
    id: "bills.form.priceNote",
    defaultMessage: "Say why this price (a note is required for an open price).",
  },
});

export const payBillMessages = defineMessages({
  linkInvalid: { id: "bills.pay.linkInvalid", defaultMessage: "This bill link is not valid" },
  linkInvalidHint: {
    id: "bills.pay.linkInvalidHint",
    defaultMessage: "Check the link you were given, or ask the hospital for a new one.",
  },
  home: { id: "bills.pay.home", defaultMessage: "Go to the home page" },
  hospitalBill: { id: "bills.pay.hospitalBill", defaultMessage: "Hospital bill" },
  billFor: { id: "bills.pay.billFor", defaultMessage: "Bill for {name}" },
  raised: { id: "bills.pay.raised", defaultMessage: "Raised {date}" },
  due: { id: "bills.pay.due", defaultMessage: "· Due {date}" },
  cancelled: {
    id: "bills.pay.cancelled",
    defaultMessage: "This bill was cancelled by the hospital. Nothing more can be paid on it; parts already paid are refunded.",
  },
  codeSent: {
    id: "bills.pay.codeSent",
    defaultMessage:
      "The bill's receipt code, which the lab, pharmacy or ward gives its services against, was sent to the patient:",
  },
  codeSentSms: { id: "bills.pay.codeSentSms", defaultMessage: "by SMS to {phone}" },
  codeSentEmail: { id: "bills.pay.codeSentEmail", defaultMessage: "by e-mail to {email}" },
  codeWithStaff: {
    id: "bills.pay.codeWithStaff",
    defaultMessage:
      "The bill's receipt code, which the lab, pharmacy or ward gives its services against, is with the hospital's staff: ask at the desk.",
  },
  codeRule: {
    id: "bills.pay.codeRule",
    defaultMessage:
      "Your receipt code proves your payment. Services are given against the bill's own receipt code, which is sent to the patient once the bill is paid in full.",
  },
  services: { id: "bills.pay.services", defaultMessage: "Services" },
  paidSoFar: { id: "bills.pay.paidSoFar", defaultMessage: "Paid so far" },
  discount: { id: "bills.pay.discount", defaultMessage: "Discount / waiver" },
  nobodyPaid: { id: "bills.pay.nobodyPaid", defaultMessage: "Nobody has paid towards this bill yet." },
  loadingAccount: { id: "bills.pay.loadingAccount", defaultMessage: "Loading your account…" },
  walletOption: { id: "bills.pay.walletOption", defaultMessage: "{wallet} (balance {balance})" },
  enterAmount: { id: "bills.pay.enterAmount", defaultMessage: "Enter an amount, e.g. 5000 or 5000.50." },
  chooseMethod: { id: "bills.pay.chooseMethod", defaultMessage: "Choose a payment method." },
  enterName: { id: "bills.pay.enterName", defaultMessage: "Enter your full name." },
  enterEmail: { id: "bills.pay.enterEmail", defaultMessage: "Enter your e-mail address." },
  enterPhone: { id: "bills.pay.enterPhone", defaultMessage: "Enter your phone number." },
  heading: { id: "bills.pay.heading", defaultMessage: "Pay all or part of this bill" },
  lead: {
    id: "bills.pay.lead",
    defaultMessage:
      "Relatives can share the bill: each pays a part with their own receipt. A charge fee of {fee} is added to each payment.",
  },
  amount: { id: "bills.pay.amount", defaultMessage: "Amount to pay (₦)" },
  amountRange: { id: "bills.pay.amountRange", defaultMessage: "At least {min}, at most {max}." },
  amountExact: { id: "bills.pay.amountExact", defaultMessage: "Pay exactly {amount}, the rest of the bill." },
  depositHint: { id: "bills.pay.depositHint", defaultMessage: "A deposit for the stay: any amount from {min}." },
  runningNote: {
    id: "bills.pay.runningNote",
    defaultMessage: "A hospital stay's bill: lines are added during the stay, and deposits are held against it until discharge.",
  },
  name: { id: "bills.pay.name", defaultMessage: "Your full name" },
  email: { id: "bills.pay.email", defaultMessage: "Your e-mail" },
  emailHint: { id: "bills.pay.emailHint", defaultMessage: "Your receipt is sent here." },
  phone: { id: "bills.pay.phone", defaultMessage: "Your phone number" },
  method: { id: "bills.pay.method", defaultMessage: "Payment method" },
  methodsFailed: { id: "bills.pay.methodsFailed", defaultMessage: "The payment methods could not be loaded." },
  methodsErrorWallet: {
    id: "bills.pay.methodsErrorWallet",
    defaultMessage: "Error: {message} You can still pay from your wallet.",
  },
  reloadMethods: { id: "bills.pay.reloadMethods", defaultMessage: "Load payment methods again" },
  loadingMethods: { id: "bills.pay.loadingMethods", defaultMessage: "Loading payment methods…" },
  noMethods: {
    id: "bills.pay.noMethods",
    defaultMessage: "No payment method is available right now. Please try again later.",
  },
  bankTransfer: {
    id: "bills.pay.bankTransfer",
    defaultMessage:
      "You get the hospital’s account and your reference next. Staff confirm a bank transfer within 24-48 hours; your part counts towards the bill once it is confirmed.",
  },
  youPay: {
    id: "bills.pay.youPay",
    defaultMessage: "You pay <strong>{total}</strong> ({amount} + {fee} charge fee).",
  },
  youPayNothing: { id: "bills.pay.youPayNothing", defaultMessage: "You pay <strong>—</strong>." },
  payNow: { id: "bills.pay.payNow", defaultMessage: "Pay now" },
  notCompleted: {
    id: "bills.pay.notCompleted",
    defaultMessage: "Payment not completed. You can pay again or choose another payment method.",
  },
  paystackInitFailed: {
    id: "bills.pay.paystackInitFailed",
    defaultMessage: "Failed to initialize Paystack payment. Please try another payment method.",
  },
  startFailed: {
    id: "bills.pay.startFailed",
    defaultMessage: "The payment could not be started. Please try again.",
  },
});
