import { defineMessages } from "../../i18n";

export const dialogMessages = defineMessages({
  noneSelected: { id: "quick-pay.dialog.noneSelected", defaultMessage: "No services selected yet." },
  selected: {
    id: "quick-pay.dialog.selected",
    defaultMessage: "{count, plural, one {# service} other {# services}} selected · <total>{amount}</total>",
  },
  correctPrices: { id: "quick-pay.dialog.correctPrices", defaultMessage: "Correct the price of {names} to proceed." },
  proceed: { id: "quick-pay.dialog.proceed", defaultMessage: "Proceed to cart" },
  intro: {
    id: "quick-pay.dialog.intro",
    defaultMessage: "Choose a department or search, then tap the services you want to pay for.",
  },
  searchDepartments: { id: "quick-pay.dialog.searchDepartments", defaultMessage: "Search departments" },
  searchServices: { id: "quick-pay.dialog.searchServices", defaultMessage: "Search services" },
  loadingDepartments: { id: "quick-pay.dialog.loadingDepartments", defaultMessage: "Loading departments…" },
  noDepartment: { id: "quick-pay.dialog.noDepartment", defaultMessage: "No department matches your search." },
  department: { id: "quick-pay.dialog.department", defaultMessage: "Department" },
  allDepartments: { id: "quick-pay.dialog.allDepartments", defaultMessage: "All departments" },
  loadingServices: { id: "quick-pay.dialog.loadingServices", defaultMessage: "Loading services…" },
  tryAgain: { id: "quick-pay.dialog.tryAgain", defaultMessage: "Try again" },
  services: { id: "quick-pay.dialog.services", defaultMessage: "Services" },
  enterAmount: { id: "quick-pay.dialog.enterAmount", defaultMessage: "Enter the amount to pay" },
  priceFor: { id: "quick-pay.dialog.priceFor", defaultMessage: "Price for {name}" },
  quantity: { id: "quick-pay.dialog.quantity", defaultMessage: "Quantity" },
});

/** Messages of a typed price that cannot be paid. */
export const priceMessages = defineMessages({
  negative: { id: "quick-pay.price.negative", defaultMessage: "The price cannot be negative." },
  zero: { id: "quick-pay.price.zero", defaultMessage: "Enter a price above ₦0.00." },
  invalid: { id: "quick-pay.price.invalid", defaultMessage: "Enter the price in naira, like 1500 or 1500.50." },
});
