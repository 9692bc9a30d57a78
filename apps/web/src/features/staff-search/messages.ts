import { defineMessages } from "../../i18n";

/** A bill's status as the search names it (as the bills screen does). */
export const resultStatusMessages = defineMessages({
  open: { id: "staff-search.status.open", defaultMessage: "Open" },
  paid: { id: "staff-search.status.paid", defaultMessage: "Paid" },
  cancelled: { id: "staff-search.status.cancelled", defaultMessage: "Cancelled" },
});

export const staffSearchMessages = defineMessages({
  agentPanel: { id: "staff-search.screen.agentPanel", defaultMessage: "Agent Panel" },
  adminPanel: { id: "staff-search.screen.adminPanel", defaultMessage: "Admin Panel" },
  title: { id: "staff-search.screen.title", defaultMessage: "Find payments" },
  denied: { id: "staff-search.screen.denied", defaultMessage: "Access Denied: Staff privileges required." },
  colKind: { id: "staff-search.screen.colKind", defaultMessage: "Kind" },
  colReference: { id: "staff-search.screen.colReference", defaultMessage: "Reference" },
  colPatient: { id: "staff-search.screen.colPatient", defaultMessage: "Patient" },
  colAmount: { id: "staff-search.screen.colAmount", defaultMessage: "Amount" },
  colPaidLeft: { id: "staff-search.screen.colPaidLeft", defaultMessage: "Paid / left" },
  colStatus: { id: "staff-search.screen.colStatus", defaultMessage: "Status" },
  colDate: { id: "staff-search.screen.colDate", defaultMessage: "Date (WAT)" },
  colOpen: { id: "staff-search.screen.colOpen", defaultMessage: "Open" },
  hint: {
    id: "staff-search.screen.hint",
    defaultMessage: "Hospital number, name, phone, e-mail, payment reference or RRR.",
  },
  heading: { id: "staff-search.screen.heading", defaultMessage: "Bills and payments" },
  search: { id: "staff-search.screen.search", defaultMessage: "Search" },
  intro: {
    id: "staff-search.screen.intro",
    defaultMessage:
      "Type what you know of the patient or the payment and press Search. Bills and payments show in one list, newest first.",
  },
  searching: { id: "staff-search.screen.searching", defaultMessage: "Searching…" },
  error: { id: "staff-search.screen.error", defaultMessage: "Error: {message}" },
  tryAgain: { id: "staff-search.screen.tryAgain", defaultMessage: "Try again" },
  noResultsOnPage: { id: "staff-search.screen.noResultsOnPage", defaultMessage: 'No results on page {page} for "{q}".' },
  noResults: { id: "staff-search.screen.noResults", defaultMessage: 'No bills or payments match "{q}".' },
  count: {
    id: "staff-search.screen.count",
    defaultMessage: "{count, plural, one {# result matches} other {# results match}} “{q}”.",
  },
  countPaged: {
    id: "staff-search.screen.countPaged",
    defaultMessage: "{count, plural, one {# result matches} other {# results match}} “{q}”, page {page} of {pages}.",
  },
  tableLabel: { id: "staff-search.screen.tableLabel", defaultMessage: "Search results table" },
  tableCaption: { id: "staff-search.screen.tableCaption", defaultMessage: 'Bills and payments matching "{q}", newest first' },
  pages: { id: "staff-search.screen.pages", defaultMessage: "Result pages" },
  previous: { id: "staff-search.screen.previous", defaultMessage: "Previous" },
  next: { id: "staff-search.screen.next", defaultMessage: "Next" },
  page: { id: "staff-search.screen.page", defaultMessage: "Page {page} of {pages}" },
  enterSearch: { id: "staff-search.screen.enterSearch", defaultMessage: "Enter a search." },
  searchFailed: { id: "staff-search.screen.searchFailed", defaultMessage: "Failed to search bills and payments." },
  readFailed: { id: "staff-search.screen.readFailed", defaultMessage: "Failed to read the search results." },
  networkError: { id: "staff-search.screen.networkError", defaultMessage: "Network error. Please check your connection." },
});

export const resultRowMessages = defineMessages({
  bill: { id: "staff-search.row.bill", defaultMessage: "Bill" },
  payment: { id: "staff-search.row.payment", defaultMessage: "Payment" },
  rrr: { id: "staff-search.row.rrr", defaultMessage: "RRR {rrr}" },
  partOfBill: { id: "staff-search.row.partOfBill", defaultMessage: "Part of a bill" },
  receipt: { id: "staff-search.row.receipt", defaultMessage: "Receipt {code}" },
  paid: { id: "staff-search.row.paid", defaultMessage: "Paid {amount}" },
  left: { id: "staff-search.row.left", defaultMessage: "Left {amount}" },
  openBillLabel: {
    id: "staff-search.row.openBillLabel",
    defaultMessage: "Open bill of {name}, {status, select, open {open} paid {paid} cancelled {cancelled} other {{status}}}",
  },
  openItsBillLabel: { id: "staff-search.row.openItsBillLabel", defaultMessage: "Open its bill, for payment {reference}" },
  openBill: { id: "staff-search.row.openBill", defaultMessage: "Open bill" },
  openItsBill: { id: "staff-search.row.openItsBill", defaultMessage: "Open its bill" },
  checkBillReceiptLabel: {
    id: "staff-search.row.checkBillReceiptLabel",
    defaultMessage: "Check receipt of the bill of {name}",
  },
  checkPaymentReceiptLabel: {
    id: "staff-search.row.checkPaymentReceiptLabel",
    defaultMessage: "Check receipt of the payment {reference}",
  },
  checkReceipt: { id: "staff-search.row.checkReceipt", defaultMessage: "Check receipt" },
  noReceipt: { id: "staff-search.row.noReceipt", defaultMessage: "No receipt yet" },
});
