import { defineMessages } from "../../i18n";

/** Taking a bill's part at the desk in cash or by POS (issue 36): only the staff bill dialog shows these. */
export const deskPaymentMessages = defineMessages({
  heading: { id: "bills.desk.heading", defaultMessage: "Take payment at the desk" },
  lead: {
    id: "bills.desk.lead",
    defaultMessage: "Cash or the desk's card terminal (POS), recorded in your open shift. No charge fee is added.",
  },
  checkingShift: { id: "bills.desk.checkingShift", defaultMessage: "Checking your shift…" },
  shiftFailed: { id: "bills.desk.shiftFailed", defaultMessage: "Your shift could not be checked." },
  noShift: {
    id: "bills.desk.noShift",
    defaultMessage: "Open your shift before taking money at the desk: go to <link>My shift</link>.",
  },
  noShiftPlain: { id: "bills.desk.noShiftPlain", defaultMessage: "Open your shift before taking money at the desk." },
  awaitingSignoff: {
    id: "bills.desk.awaitingSignoff",
    defaultMessage: "Your drawer count is waiting for an admin's sign-off: no money can be taken until then.",
  },
  collectsNoMoney: {
    id: "bills.desk.collectsNoMoney",
    defaultMessage: "You do not collect money at the desk: ask a super admin for the right.",
  },
  method: { id: "bills.desk.method", defaultMessage: "Method" },
  cash: { id: "bills.desk.cash", defaultMessage: "Cash" },
  pos: { id: "bills.desk.pos", defaultMessage: "POS (card terminal)" },
  amount: { id: "bills.desk.amount", defaultMessage: "Amount (₦)" },
  amountHint: { id: "bills.desk.amountHint", defaultMessage: "Left to pay: {left}." },
  depositHint: {
    id: "bills.desk.depositHint",
    defaultMessage: "A deposit for the stay, held until discharge. Charged so far: {total}.",
  },
  enterAmount: { id: "bills.desk.enterAmount", defaultMessage: "Enter an amount, e.g. 5000 or 5000.50." },
  payerName: { id: "bills.desk.payerName", defaultMessage: "Payer's name" },
  enterName: { id: "bills.desk.enterName", defaultMessage: "Enter the payer's name." },
  payerPhone: { id: "bills.desk.payerPhone", defaultMessage: "Payer's phone (optional)" },
  tendered: { id: "bills.desk.tendered", defaultMessage: "Cash handed over (₦, optional)" },
  tenderedHint: { id: "bills.desk.tenderedHint", defaultMessage: "Type what the payer gave you to see the change." },
  tenderedTooLittle: { id: "bills.desk.tenderedTooLittle", defaultMessage: "The cash handed over is less than the amount." },
  changeLive: { id: "bills.desk.changeLive", defaultMessage: "Change to give back: <strong>{change}</strong>" },
  reference: { id: "bills.desk.reference", defaultMessage: "POS slip reference" },
  referenceHint: {
    id: "bills.desk.referenceHint",
    defaultMessage: "As printed on the slip (RRN or reference): 6 to 40 letters, digits or dashes.",
  },
  referenceRequired: { id: "bills.desk.referenceRequired", defaultMessage: "Enter the reference printed on the POS slip." },
  referenceFormat: {
    id: "bills.desk.referenceFormat",
    defaultMessage: "Use the slip's reference: 6 to 40 letters, digits or dashes.",
  },
  referenceUsed: { id: "bills.desk.referenceUsed", defaultMessage: "This POS slip was already recorded." },
  submit: { id: "bills.desk.submit", defaultMessage: "Record payment" },
  failed: { id: "bills.desk.failed", defaultMessage: "The payment could not be recorded." },
  unread: {
    id: "bills.desk.unread",
    defaultMessage:
      "The payment may have been recorded, but its answer could not be read. Check the bill's payments before taking it again.",
  },
  paid: { id: "bills.desk.paid", defaultMessage: "Payment recorded." },
  paidSummary: {
    id: "bills.desk.paidSummary",
    defaultMessage: "{method, select, cash {Cash} other {POS}}: {amount} from {name}.",
  },
  changeDue: { id: "bills.desk.changeDue", defaultMessage: "Give back {change} in change." },
  paidInFull: { id: "bills.desk.paidInFull", defaultMessage: "The bill is now paid in full." },
  stillLeft: { id: "bills.desk.stillLeft", defaultMessage: "Still left to pay: {left}." },
  another: { id: "bills.desk.another", defaultMessage: "Take another payment" },
});
