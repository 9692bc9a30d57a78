import { defineMessages } from "../../i18n";

/** How each receipt status reads. */
export const receiptStatusMessages = defineMessages({
  paid: { id: "receipts.status.paid", defaultMessage: "Paid" },
  not_paid: { id: "receipts.status.notPaid", defaultMessage: "Not paid" },
  refunded: { id: "receipts.status.refunded", defaultMessage: "Refunded" },
  cancelled: { id: "receipts.status.cancelled", defaultMessage: "Cancelled" },
});

/** What each public status means for whoever holds the receipt. */
export const receiptMeaningMessages = defineMessages({
  paid: { id: "receipts.meaning.paid", defaultMessage: "This receipt is valid: the payment was made." },
  not_paid: { id: "receipts.meaning.notPaid", defaultMessage: "This receipt has not been paid." },
  refunded: {
    id: "receipts.meaning.refunded",
    defaultMessage: "This payment was refunded: the receipt is no longer valid.",
  },
});

export const receiptResultMessages = defineMessages({
  announcePublic: { id: "receipts.result.announcePublic", defaultMessage: "{status}. {meaning}" },
  announceStaff: { id: "receipts.result.announceStaff", defaultMessage: "Receipt {code}: {status}." },
  checking: { id: "receipts.result.checking", defaultMessage: "Checking the code…" },
  lookingUp: { id: "receipts.result.lookingUp", defaultMessage: "Looking up the receipt…" },
  heading: { id: "receipts.result.heading", defaultMessage: "Receipt <mono>{code}</mono>" },
  amount: { id: "receipts.result.amount", defaultMessage: "Amount" },
  hmoPart: { id: "receipts.result.hmoPart", defaultMessage: "{hmo}'s part (claimed from the HMO)" },
  paidOn: { id: "receipts.result.paidOn", defaultMessage: "Paid on" },
  notPaid: { id: "receipts.result.notPaid", defaultMessage: "Not paid" },
  reference: { id: "receipts.result.reference", defaultMessage: "Reference" },
  payer: { id: "receipts.result.payer", defaultMessage: "Payer" },
  hospitalNumber: { id: "receipts.result.hospitalNumber", defaultMessage: "Hospital number" },
  items: { id: "receipts.result.items", defaultMessage: "Items" },
  itemsOnReceipt: { id: "receipts.result.itemsOnReceipt", defaultMessage: "Items on this receipt" },
  service: { id: "receipts.result.service", defaultMessage: "Service" },
  department: { id: "receipts.result.department", defaultMessage: "Department" },
  quantity: { id: "receipts.result.quantity", defaultMessage: "Quantity" },
  given: { id: "receipts.result.given", defaultMessage: "Given" },
  remaining: { id: "receipts.result.remaining", defaultMessage: "Remaining" },
  anyDepartment: { id: "receipts.result.anyDepartment", defaultMessage: "Any" },
  allGiven: { id: "receipts.result.allGiven", defaultMessage: "Everything on this receipt has been given." },
  givenSoFar: { id: "receipts.result.givenSoFar", defaultMessage: "Given so far" },
  nothingGiven: { id: "receipts.result.nothingGiven", defaultMessage: "Nothing has been given yet." },
  givenBy: { id: "receipts.result.givenBy", defaultMessage: "{department}, by {name} on {date}" },
  refresh: { id: "receipts.result.refresh", defaultMessage: "Refresh" },
});

/** A receipt as the desk prints it on thermal paper. */
export const receiptSlipMessages = defineMessages({
  title: { id: "receipts.slip.title", defaultMessage: "Receipt" },
  billNumber: { id: "receipts.slip.billNumber", defaultMessage: "Bill number" },
  patient: { id: "receipts.slip.patient", defaultMessage: "Patient" },
  status: { id: "receipts.slip.status", defaultMessage: "Status" },
  itemDetail: { id: "receipts.slip.itemDetail", defaultMessage: "{department}: {given} of {quantity} given" },
});

export const redeemMessages = defineMessages({
  quantityRange: { id: "receipts.redeem.quantityRange", defaultMessage: "Enter a quantity from 1 to {max}." },
  chooseDepartment: { id: "receipts.redeem.chooseDepartment", defaultMessage: "Choose the department giving the items." },
  chooseItem: { id: "receipts.redeem.chooseItem", defaultMessage: "Choose at least one item." },
  itemError: { id: "receipts.redeem.itemError", defaultMessage: "{service}: {message}" },
  offline: {
    id: "receipts.redeem.offline",
    defaultMessage: "Could not reach the server. Nothing was marked as given: try again.",
  },
  failed: {
    id: "receipts.redeem.failed",
    defaultMessage: "The items could not be marked as given. Please try again.",
  },
  heading: { id: "receipts.redeem.heading", defaultMessage: "Give items" },
  yourDepartment: { id: "receipts.redeem.yourDepartment", defaultMessage: "Your department" },
  chooseADepartment: { id: "receipts.redeem.chooseADepartment", defaultMessage: "Choose a department" },
  itemsToGive: { id: "receipts.redeem.itemsToGive", defaultMessage: "Items to give" },
  itemLeft: { id: "receipts.redeem.itemLeft", defaultMessage: "{service} <muted>({remaining} left)</muted>" },
  quantity: { id: "receipts.redeem.quantity", defaultMessage: "Quantity" },
  quantityOf: { id: "receipts.redeem.quantityOf", defaultMessage: "Quantity of {service} to give" },
  submit: { id: "receipts.redeem.submit", defaultMessage: "Mark as given" },
  nothingLeft: {
    id: "receipts.redeem.nothingLeft",
    defaultMessage: "Nothing on this receipt is left for this department.",
  },
  alreadyGiven: {
    id: "receipts.redeem.alreadyGiven",
    defaultMessage: "Already given: nothing on this receipt is left for {department}.",
  },
  givenEntry: {
    id: "receipts.redeem.givenEntry",
    defaultMessage: "{quantity} × {service}, given by {name} on {date}",
  },
  notGiver: {
    id: "receipts.redeem.notGiver",
    defaultMessage: "You do not give items at the desk: ask a super admin for the right.",
  },
  noneOfYours: {
    id: "receipts.redeem.noneOfYours",
    defaultMessage: "None of this receipt's departments is yours: ask a super admin to add you to one.",
  },
});

export const verifyReceiptMessages = defineMessages({
  title: { id: "receipts.verify.title", defaultMessage: "Verify a receipt" },
  leadStaff: {
    id: "receipts.verify.leadStaff",
    defaultMessage: "Scan the QR code on the patient's receipt, or type its code, to see what was paid and mark items as given.",
  },
  leadPublic: {
    id: "receipts.verify.leadPublic",
    defaultMessage: "Type the code printed on a Hospipay receipt to check whether it was paid.",
  },
  invalidCode: { id: "receipts.verify.invalidCode", defaultMessage: "Enter the 16-character receipt code." },
  codeRead: { id: "receipts.verify.codeRead", defaultMessage: "Code read from the camera." },
  codeLabel: { id: "receipts.verify.codeLabel", defaultMessage: "Receipt code" },
  codeHint: {
    id: "receipts.verify.codeHint",
    defaultMessage:
      "16 letters and digits, as printed on the receipt (e.g. 7K3M-Q9XD-2HPA-W4RT). Spaces, dashes and small letters are fine.",
  },
  check: { id: "receipts.verify.check", defaultMessage: "Check code" },
  scan: { id: "receipts.verify.scan", defaultMessage: "Scan QR code with camera" },
  startingCamera: { id: "receipts.verify.startingCamera", defaultMessage: "Starting the camera…" },
  loading: { id: "receipts.verify.loading", defaultMessage: "Loading…" },
});

export const qrScanMessages = defineMessages({
  group: { id: "receipts.scan.group", defaultMessage: "Camera scan" },
  foreign: {
    id: "receipts.scan.foreign",
    defaultMessage: "This QR code is not a Hospipay receipt. Point the camera at the receipt's QR code.",
  },
  point: { id: "receipts.scan.point", defaultMessage: "Point the camera at the QR code on the receipt." },
  video: { id: "receipts.scan.video", defaultMessage: "Camera view" },
  stop: { id: "receipts.scan.stop", defaultMessage: "Stop scanning" },
  denied: {
    id: "receipts.scan.denied",
    defaultMessage: "Camera permission was denied. Type the code from the receipt instead.",
  },
  noCamera: {
    id: "receipts.scan.noCamera",
    defaultMessage: "No camera was found on this device. Type the code from the receipt instead.",
  },
  inUse: {
    id: "receipts.scan.inUse",
    defaultMessage: "The camera is in use by another app. Type the code from the receipt instead.",
  },
  failed: {
    id: "receipts.scan.failed",
    defaultMessage: "The camera could not be started. Type the code from the receipt instead.",
  },
});

export const receiptFailureMessages = defineMessages({
  checkFailed: { id: "receipts.failure.checkFailed", defaultMessage: "The code could not be checked. Please try again." },
  offline: {
    id: "receipts.failure.offline",
    defaultMessage: "Could not reach the server. Check your connection and try again.",
  },
  session: {
    id: "receipts.failure.session",
    defaultMessage: "Your session does not allow this. Log in again with a staff account.",
  },
  tryAgain: { id: "receipts.failure.tryAgain", defaultMessage: "Try again" },
  tooMany: {
    id: "receipts.failure.tooMany",
    defaultMessage: "Too many checks from this device. Try again in <shown>{seconds}</shown><spoken>{wait}</spoken> s.",
  },
  canCheckNow: { id: "receipts.failure.canCheckNow", defaultMessage: "You can check again now." },
});
