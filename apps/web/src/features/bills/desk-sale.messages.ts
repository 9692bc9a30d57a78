import { defineMessages } from "../../i18n";

/** The "Desk sale" screen (issue 36): services sold over the counter with no bill, in cash or by POS. */
export const deskSaleMessages = defineMessages({
  screenTitle: { id: "bills.deskSale.screenTitle", defaultMessage: "Desk sale" },
  screenLead: {
    id: "bills.deskSale.screenLead",
    defaultMessage:
      "Sell the catalogue's services over the counter, with no bill: cash or the desk's card terminal (POS), recorded in your open shift. No charge fee is added.",
  },
  checkingDesk: { id: "bills.deskSale.checkingDesk", defaultMessage: "Checking your desk…" },
  deskFailed: { id: "bills.deskSale.deskFailed", defaultMessage: "Your desk could not be read." },
  noRight: {
    id: "bills.deskSale.noRight",
    defaultMessage:
      "You do not collect money at the desk, so you cannot sell here. A super admin gives that right on your staff account.",
  },
  cartHeading: { id: "bills.deskSale.cartHeading", defaultMessage: "Services" },
  addServices: { id: "bills.deskSale.addServices", defaultMessage: "Add services" },
  addToSale: { id: "bills.deskSale.addToSale", defaultMessage: "Add to the sale" },
  emptyCart: { id: "bills.deskSale.emptyCart", defaultMessage: "No services yet: add them from the catalogue." },
  cartLines: { id: "bills.deskSale.cartLines", defaultMessage: "Services in this sale" },
  addOne: { id: "bills.deskSale.addOne", defaultMessage: "Add at least one service." },
  itemsRefused: {
    id: "bills.deskSale.itemsRefused",
    defaultMessage: "A service could not be sold: {message}",
  },
  payerHeading: { id: "bills.deskSale.payerHeading", defaultMessage: "Payer" },
  patientHint: {
    id: "bills.deskSale.patientHint",
    defaultMessage: "Paying for a registered patient? Pick them to record their hospital number (optional).",
  },
  paymentHeading: { id: "bills.deskSale.paymentHeading", defaultMessage: "Payment" },
  submit: { id: "bills.deskSale.submit", defaultMessage: "Record the sale" },
  unread: {
    id: "bills.deskSale.unread",
    defaultMessage:
      "The sale may have been recorded, but its answer could not be read. Check your shift's payments before taking it again.",
  },
  soldLines: { id: "bills.deskSale.soldLines", defaultMessage: "Services sold" },
  newSale: { id: "bills.deskSale.newSale", defaultMessage: "New sale" },
});
