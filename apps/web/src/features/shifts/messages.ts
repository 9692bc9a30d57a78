import { defineMessages } from "../../i18n";

/** Texts shared by the shifts screens: the shell, failures, figures. */
export const shiftsCommonMessages = defineMessages({
  agentPanel: { id: "shifts.common.agentPanel", defaultMessage: "Agent Panel" },
  adminPanel: { id: "shifts.common.adminPanel", defaultMessage: "Admin Panel" },
  error: { id: "shifts.common.error", defaultMessage: "Error: {message}" },
  tryAgain: { id: "shifts.common.tryAgain", defaultMessage: "Try again" },
  networkError: { id: "shifts.common.networkError", defaultMessage: "Network error. Please check your connection." },
  print: { id: "shifts.common.print", defaultMessage: "Print" },
  close: { id: "shifts.common.close", defaultMessage: "Close" },
  open: { id: "shifts.common.open", defaultMessage: "Open" },
  closed: { id: "shifts.common.closed", defaultMessage: "Closed" },
  opened: { id: "shifts.common.opened", defaultMessage: "Opened" },
  note: { id: "shifts.common.note", defaultMessage: "Note" },
  loadSummaryFailed: { id: "shifts.common.loadSummaryFailed", defaultMessage: "Failed to load the daily summary." },
  loadShiftsFailed: { id: "shifts.common.loadShiftsFailed", defaultMessage: "Failed to load the shifts." },
  loadShiftFailed: { id: "shifts.common.loadShiftFailed", defaultMessage: "Failed to load the shift." },
  loadMyShiftFailed: { id: "shifts.common.loadMyShiftFailed", defaultMessage: "Failed to load your shift." },
  openUnread: {
    id: "shifts.common.openUnread",
    defaultMessage: "The shift was opened, but the answer could not be read.",
  },
  closeUnread: {
    id: "shifts.common.closeUnread",
    defaultMessage: "The shift was closed, but the answer could not be read.",
  },
  noDepartment: { id: "shifts.common.noDepartment", defaultMessage: "No department" },
  roleAgent: { id: "shifts.common.roleAgent", defaultMessage: "Agent" },
  roleAdmin: { id: "shifts.common.roleAdmin", defaultMessage: "Admin" },
  roleSuperadmin: { id: "shifts.common.roleSuperadmin", defaultMessage: "Super admin" },
});

export const myShiftMessages = defineMessages({
  title: { id: "shifts.mine.title", defaultMessage: "My shift" },
  denied: { id: "shifts.mine.denied", defaultMessage: "Access Denied: Staff privileges required." },
  openFailed: { id: "shifts.mine.openFailed", defaultMessage: "The shift could not be opened." },
  closeFailed: { id: "shifts.mine.closeFailed", defaultMessage: "The shift could not be closed." },
  loading: { id: "shifts.mine.loading", defaultMessage: "Loading your shift…" },
  startAnother: { id: "shifts.mine.startAnother", defaultMessage: "Start another shift" },
  noShift: { id: "shifts.mine.noShift", defaultMessage: "No open shift" },
  explain: {
    id: "shifts.mine.explain",
    defaultMessage:
      "Open a shift when you start work. While it is open, this page reports the bills you raise, the money received against them by method, the bank transfers you confirm and the items you give. When you finish, close it with a note (cash handed over, anything to follow up): its report is then locked and your admin sees it.",
  },
  openShift: { id: "shifts.mine.openShift", defaultMessage: "Open shift" },
  writeNote: { id: "shifts.mine.writeNote", defaultMessage: "Write a note." },
  reportOpen: { id: "shifts.mine.reportOpen", defaultMessage: "Shift report (open)" },
  openedLive: {
    id: "shifts.mine.openedLive",
    defaultMessage: "Opened <time>{date}</time>. The figures are live: they change as your bills are paid.",
  },
  refresh: { id: "shifts.mine.refresh", defaultMessage: "Refresh" },
  closeHeading: { id: "shifts.mine.closeHeading", defaultMessage: "Close the shift" },
  noteHint: {
    id: "shifts.mine.noteHint",
    defaultMessage: "Required: the cash you handed over and to whom, anything left to follow up.",
  },
  noteHintNoCash: {
    id: "shifts.mine.noteHintNoCash",
    defaultMessage: "Required: anything left to follow up. You held no cash this shift, so there is nothing to count.",
  },
  closeShift: { id: "shifts.mine.closeShift", defaultMessage: "Close shift" },
  confirmTitle: { id: "shifts.mine.confirmTitle", defaultMessage: "Close this shift?" },
  keepOpen: { id: "shifts.mine.keepOpen", defaultMessage: "Keep it open" },
  confirmText: {
    id: "shifts.mine.confirmText",
    defaultMessage: "The report is locked as it stands now, with your note. Money that arrives later counts in your next shift.",
  },
  confirmNote: { id: "shifts.mine.confirmNote", defaultMessage: "<b>Note:</b> {note}" },
  reportClosed: { id: "shifts.mine.reportClosed", defaultMessage: "Shift report (closed)" },
});

export const shiftDialogMessages = defineMessages({
  title: { id: "shifts.dialog.title", defaultMessage: "Shift of {name}" },
  titleLoading: { id: "shifts.dialog.titleLoading", defaultMessage: "Shift" },
  loading: { id: "shifts.dialog.loading", defaultMessage: "Loading the shift…" },
  report: { id: "shifts.dialog.report", defaultMessage: "The shift's report" },
  scope: { id: "shifts.dialog.scope", defaultMessage: "shift of {name}" },
});

export const shiftDetailsMessages = defineMessages({
  staff: { id: "shifts.details.staff", defaultMessage: "Staff" },
  staffValue: { id: "shifts.details.staffValue", defaultMessage: "{name} ({role})" },
  status: { id: "shifts.details.status", defaultMessage: "Status" },
  closedBy: { id: "shifts.details.closedBy", defaultMessage: "<time>{date}</time> by {name}" },
});

/** A shift's report as the desk prints it on thermal paper. */
export const shiftSlipMessages = defineMessages({
  closedBy: { id: "shifts.slip.closedBy", defaultMessage: "Closed by {name}" },
  payments: { id: "shifts.slip.payments", defaultMessage: "Payments: {count}" },
  lines: { id: "shifts.slip.lines", defaultMessage: "Lines: {count}" },
});

export const shiftReportMessages = defineMessages({
  regionLabel: { id: "shifts.report.regionLabel", defaultMessage: "{title} ({scope})" },
  tableLabel: { id: "shifts.report.tableLabel", defaultMessage: "{caption}, table" },
  tableLabelScoped: { id: "shifts.report.tableLabelScoped", defaultMessage: "{caption} ({scope}), table" },
  fromTo: { id: "shifts.report.fromTo", defaultMessage: "From <fromTime>{from}</fromTime> to <toTime>{to}</toTime>" },
  totals: { id: "shifts.report.totals", defaultMessage: "Totals" },
  moneyIn: { id: "shifts.report.moneyIn", defaultMessage: "Money in" },
  paymentsAndTransfers: { id: "shifts.report.paymentsAndTransfers", defaultMessage: "Payments and transfers" },
  totalsNote: {
    id: "shifts.report.totalsNote",
    defaultMessage:
      "Bill payments received plus bank transfers settled, each payment counted once. Transfers held for a refund are not counted.",
  },
  billsRaised: { id: "shifts.report.billsRaised", defaultMessage: "Bills raised" },
  raised: { id: "shifts.report.raised", defaultMessage: "Raised" },
  paid: { id: "shifts.report.paid", defaultMessage: "Paid" },
  cancelled: { id: "shifts.report.cancelled", defaultMessage: "Cancelled" },
  totalAsked: { id: "shifts.report.totalAsked", defaultMessage: "Total asked" },
  paidSoFar: { id: "shifts.report.paidSoFar", defaultMessage: "Paid so far" },
  noBillLines: { id: "shifts.report.noBillLines", defaultMessage: "No bill lines." },
  billLinesByDepartment: { id: "shifts.report.billLinesByDepartment", defaultMessage: "Bill lines by department" },
  department: { id: "shifts.report.department", defaultMessage: "Department" },
  lines: { id: "shifts.report.lines", defaultMessage: "Lines" },
  quantity: { id: "shifts.report.quantity", defaultMessage: "Quantity" },
  amount: { id: "shifts.report.amount", defaultMessage: "Amount" },
  moneyReceived: { id: "shifts.report.moneyReceived", defaultMessage: "Money received" },
  noPayments: { id: "shifts.report.noPayments", defaultMessage: "No payments against bills." },
  receivedByMethod: { id: "shifts.report.receivedByMethod", defaultMessage: "Money received by method" },
  method: { id: "shifts.report.method", defaultMessage: "Method" },
  payments: { id: "shifts.report.payments", defaultMessage: "Payments" },
  fees: { id: "shifts.report.fees", defaultMessage: "Fees" },
  total: { id: "shifts.report.total", defaultMessage: "Total" },
  allMethods: { id: "shifts.report.allMethods", defaultMessage: "All methods" },
  transfersConfirmed: { id: "shifts.report.transfersConfirmed", defaultMessage: "Bank transfers confirmed" },
  settled: { id: "shifts.report.settled", defaultMessage: "Settled" },
  amountReceived: { id: "shifts.report.amountReceived", defaultMessage: "Amount received" },
  awaitingApproval: { id: "shifts.report.awaitingApproval", defaultMessage: "Awaiting an admin's approval" },
  heldForRefund: { id: "shifts.report.heldForRefund", defaultMessage: "Held for a refund" },
  amountHeld: { id: "shifts.report.amountHeld", defaultMessage: "Amount held" },
  itemsGiven: { id: "shifts.report.itemsGiven", defaultMessage: "Items given" },
  noItemsGiven: { id: "shifts.report.noItemsGiven", defaultMessage: "No items given." },
  itemsByDepartment: { id: "shifts.report.itemsByDepartment", defaultMessage: "Items given by department" },
  allDepartments: { id: "shifts.report.allDepartments", defaultMessage: "All departments" },
  inLedger: { id: "shifts.report.inLedger", defaultMessage: "In the ledger" },
  matchesLedger: { id: "shifts.report.matchesLedger", defaultMessage: "Matches the ledger." },
  ledgerDiffers: {
    id: "shifts.report.ledgerDiffers",
    defaultMessage: "The ledger differs from the payments by {amount}: tell an admin before closing.",
  },
});

export const shiftsScreenMessages = defineMessages({
  title: { id: "shifts.screen.title", defaultMessage: "Shifts" },
  colStaff: { id: "shifts.screen.colStaff", defaultMessage: "Staff" },
  colRole: { id: "shifts.screen.colRole", defaultMessage: "Role" },
  colOpened: { id: "shifts.screen.colOpened", defaultMessage: "Opened (WAT)" },
  colClosed: { id: "shifts.screen.colClosed", defaultMessage: "Closed (WAT)" },
  colStatus: { id: "shifts.screen.colStatus", defaultMessage: "Status" },
  colMoneyIn: { id: "shifts.screen.colMoneyIn", defaultMessage: "Money in" },
  colActions: { id: "shifts.screen.colActions", defaultMessage: "Actions" },
  day: { id: "shifts.screen.day", defaultMessage: "Day (WAT)" },
  downloadFailed: { id: "shifts.screen.downloadFailed", defaultMessage: "Download failed: {message}" },
  pleaseTryAgain: { id: "shifts.screen.pleaseTryAgain", defaultMessage: "Please try again." },
  dailySummary: { id: "shifts.screen.dailySummary", defaultMessage: "Daily summary, {day}" },
  downloadCsv: { id: "shifts.screen.downloadCsv", defaultMessage: "Download CSV" },
  loadingSummary: { id: "shifts.screen.loadingSummary", defaultMessage: "Loading the summary…" },
  shifts: { id: "shifts.screen.shifts", defaultMessage: "Shifts" },
  stillOpen: { id: "shifts.screen.stillOpen", defaultMessage: "Still open" },
  openedThatDay: { id: "shifts.screen.openedThatDay", defaultMessage: "Shifts opened that day" },
  loadingShifts: { id: "shifts.screen.loadingShifts", defaultMessage: "Loading shifts…" },
  noShifts: { id: "shifts.screen.noShifts", defaultMessage: "No shift was opened that day." },
  count: { id: "shifts.screen.count", defaultMessage: "{count, plural, one {# shift} other {# shifts}}" },
  tableLabel: { id: "shifts.screen.tableLabel", defaultMessage: "Shifts table" },
  tableCaption: { id: "shifts.screen.tableCaption", defaultMessage: "Shifts opened that day, newest first" },
  openToSee: { id: "shifts.screen.openToSee", defaultMessage: "Open it to see" },
  openLabel: {
    id: "shifts.screen.openLabel",
    defaultMessage: "Open the {status, select, open {open} closed {closed} other {{status}}} shift of {name}, opened {date}",
  },
  pages: { id: "shifts.screen.pages", defaultMessage: "Shift pages" },
  previous: { id: "shifts.screen.previous", defaultMessage: "Previous" },
  next: { id: "shifts.screen.next", defaultMessage: "Next" },
  page: { id: "shifts.screen.page", defaultMessage: "Page {page} of {pages}" },
});

/** The shift's cash drawer (issue 36): float, cash and POS taken, the count and its sign-off. */
export const drawerMessages = defineMessages({
  heading: { id: "shifts.drawer.heading", defaultMessage: "Cash drawer" },
  float: { id: "shifts.drawer.float", defaultMessage: "Opening float" },
  cashTaken: { id: "shifts.drawer.cashTaken", defaultMessage: "Cash taken ({count})" },
  posTaken: { id: "shifts.drawer.posTaken", defaultMessage: "POS taken ({count})" },
  expected: { id: "shifts.drawer.expected", defaultMessage: "Cash expected in the drawer" },
  counted: { id: "shifts.drawer.counted", defaultMessage: "Counted" },
  variance: { id: "shifts.drawer.variance", defaultMessage: "Variance" },
  countedAt: { id: "shifts.drawer.countedAt", defaultMessage: "Counted at" },
  signedOffBy: { id: "shifts.drawer.signedOffBy", defaultMessage: "Signed off by" },
  exact: { id: "shifts.drawer.exact", defaultMessage: "Exact" },
  short: { id: "shifts.drawer.short", defaultMessage: "{amount} short" },
  over: { id: "shifts.drawer.over", defaultMessage: "{amount} over" },
  awaiting: {
    id: "shifts.drawer.awaiting",
    defaultMessage:
      "The count is more than {limit} off: it waits for an admin's sign-off, and the drawer takes no money until then.",
  },
  floatLabel: { id: "shifts.drawer.floatLabel", defaultMessage: "Opening float (cash in the drawer)" },
  floatHint: { id: "shifts.drawer.floatHint", defaultMessage: "Leave empty if you take no cash in this shift." },
  floatInvalid: { id: "shifts.drawer.floatInvalid", defaultMessage: "Enter the float in naira, e.g. 5000.00." },
  countLegend: { id: "shifts.drawer.countLegend", defaultMessage: "Count the drawer" },
  countHint: {
    id: "shifts.drawer.countHint",
    defaultMessage: "How many of each note and coin are in the drawer. It should hold {expected}.",
  },
  countTotal: { id: "shifts.drawer.countTotal", defaultMessage: "Counted {total}: {variance}" },
  signoffHeading: { id: "shifts.drawer.signoffHeading", defaultMessage: "Sign off the count" },
  signoffNote: { id: "shifts.drawer.signoffNote", defaultMessage: "Your note (what you checked)" },
  approve: { id: "shifts.drawer.approve", defaultMessage: "Sign off and close the shift" },
  reject: { id: "shifts.drawer.reject", defaultMessage: "Send back to count again" },
  signoffFailed: { id: "shifts.drawer.signoffFailed", defaultMessage: "The count could not be signed off." },
  signoffUnread: {
    id: "shifts.drawer.signoffUnread",
    defaultMessage: "The decision was recorded, but the answer could not be read.",
  },
  waitingHeading: { id: "shifts.drawer.waitingHeading", defaultMessage: "Counts waiting for sign-off" },
  waitingNone: { id: "shifts.drawer.waitingNone", defaultMessage: "No drawer count waits for sign-off." },
  waitingRow: { id: "shifts.drawer.waitingRow", defaultMessage: "{name}: {variance}" },
  review: { id: "shifts.drawer.review", defaultMessage: "Review" },
});
