import { defineMessages } from "../i18n";

/** Texts of the shared components (layout, UI). */
export const componentMessages = defineMessages({
  language: { id: "components.language.label", defaultMessage: "Language" },
});

/** The headers, the footer and the page frames. */
export const layoutMessages = defineMessages({
  home: { id: "components.header.home", defaultMessage: "Home" },
  transactions: { id: "components.header.transactions", defaultMessage: "Transactions" },
  cart: { id: "components.header.cart", defaultMessage: "Cart" },
  cartLabel: {
    id: "components.header.cartLabel",
    defaultMessage: "{count, plural, one {Cart, {count} item} other {Cart, {count} items}}",
  },
  dashboard: { id: "components.header.dashboard", defaultMessage: "Dashboard" },
  login: { id: "components.header.login", defaultMessage: "Login" },
  logout: { id: "components.header.logout", defaultMessage: "Logout" },
  settings: { id: "components.header.settings", defaultMessage: "Settings" },
  menu: { id: "components.header.menu", defaultMessage: "Menu" },
  mainNav: { id: "components.header.mainNav", defaultMessage: "Main" },
  mobileNav: { id: "components.header.mobileNav", defaultMessage: "Mobile" },
  accountMenu: { id: "components.header.accountMenu", defaultMessage: "Account menu: " },
  skipToContent: { id: "components.layout.skipToContent", defaultMessage: "Skip to content" },
  about: { id: "components.footer.about", defaultMessage: "About" },
  aboutText: {
    id: "components.footer.aboutText",
    defaultMessage: "Hospipay lets patients and visitors pay hospital bills in Naira, as a guest or from a prepaid wallet.",
  },
  aboutHospipay: { id: "components.footer.aboutHospipay", defaultMessage: "About Hospipay" },
  quickLinks: { id: "components.footer.quickLinks", defaultMessage: "Quick Links" },
  faq: { id: "components.footer.faq", defaultMessage: "FAQ" },
  safetyTips: { id: "components.footer.safetyTips", defaultMessage: "Safety Tips" },
  terms: { id: "components.footer.terms", defaultMessage: "Terms" },
  cookiePolicy: { id: "components.footer.cookiePolicy", defaultMessage: "Cookie Policy" },
  privacySettings: { id: "components.footer.privacySettings", defaultMessage: "Privacy Settings" },
  followUs: { id: "components.footer.followUs", defaultMessage: "Follow us" },
  copyright: { id: "components.footer.copyright", defaultMessage: "© {year} Hospipay. All rights reserved." },
});

/** The staff screens' frame: each role's navigation, the header's actions. */
export const staffShellMessages = defineMessages({
  superAdminNav: { id: "components.staffShell.superAdminNav", defaultMessage: "Super admin" },
  staffNav: { id: "components.staffShell.staffNav", defaultMessage: "Staff" },
  transactions: { id: "components.staffShell.transactions", defaultMessage: "Transactions" },
  staffAccounts: { id: "components.staffShell.staffAccounts", defaultMessage: "Staff accounts" },
  auditLog: { id: "components.staffShell.auditLog", defaultMessage: "Audit log" },
  bills: { id: "components.staffShell.bills", defaultMessage: "Bills" },
  search: { id: "components.staffShell.search", defaultMessage: "Search" },
  myShift: { id: "components.staffShell.myShift", defaultMessage: "My shift" },
  shifts: { id: "components.staffShell.shifts", defaultMessage: "Shifts" },
  verifyReceipt: { id: "components.staffShell.verifyReceipt", defaultMessage: "Verify receipt" },
  logout: { id: "components.staffShell.logout", defaultMessage: "Logout" },
  superAdminDenied: {
    id: "components.staffShell.superAdminDenied",
    defaultMessage: "Access Denied: Super admin privileges required.",
  },
});

/** The cart's lines and totals, and the payment document (receipt) with its receipt code. */
export const paymentMessages = defineMessages({
  cartItems: { id: "components.cartLines.label", defaultMessage: "Cart items" },
  unitPriceEach: { id: "components.cartLines.unitPriceEach", defaultMessage: "<hidden>Unit price: </hidden>{price} each" },
  quantity: { id: "components.cartLines.quantity", defaultMessage: "Qty {quantity}" },
  lineTotal: { id: "components.cartLines.lineTotal", defaultMessage: "<hidden>Line total: </hidden>{amount}" },
  removeItem: { id: "components.cartLines.removeItem", defaultMessage: "Remove {name}" },
  remove: { id: "components.cartLines.remove", defaultMessage: "Remove" },
  cartTotals: { id: "components.cartLines.totals", defaultMessage: "Cart totals" },
  subtotal: { id: "components.payment.subtotal", defaultMessage: "Subtotal" },
  chargeFee: { id: "components.payment.chargeFee", defaultMessage: "Charge fee" },
  total: { id: "components.payment.total", defaultMessage: "Total" },
  reference: { id: "components.receipt.reference", defaultMessage: "Reference" },
  date: { id: "components.receipt.date", defaultMessage: "Date" },
  paymentMethod: { id: "components.receipt.paymentMethod", defaultMessage: "Payment method" },
  customer: { id: "components.receipt.customer", defaultMessage: "Customer" },
  email: { id: "components.receipt.email", defaultMessage: "Email" },
  phone: { id: "components.receipt.phone", defaultMessage: "Phone" },
  hospitalNumber: { id: "components.receipt.hospitalNumber", defaultMessage: "Hospital number" },
  paidBy: { id: "components.receipt.paidBy", defaultMessage: "Paid by" },
  items: { id: "components.receipt.items", defaultMessage: "Items" },
  service: { id: "components.receipt.service", defaultMessage: "Service" },
  qty: { id: "components.receipt.qty", defaultMessage: "Qty" },
  unitPrice: { id: "components.receipt.unitPrice", defaultMessage: "Unit price" },
  qrAlt: { id: "components.receiptCode.qrAlt", defaultMessage: "QR code of receipt code {code}" },
  receiptCode: { id: "components.receiptCode.label", defaultMessage: "Receipt code" },
  receiptCodeHelp: {
    id: "components.receiptCode.help",
    defaultMessage: "Show this code or its QR code where the service is given. Anyone can check it at <link>{address}</link>.",
  },
});

/** The UI kit's own texts (accessible names, loading states). */
export const uiMessages = defineMessages({
  close: { id: "components.ui.close", defaultMessage: "Close" },
  showPassword: { id: "components.ui.showPassword", defaultMessage: "Show password" },
  hidePassword: { id: "components.ui.hidePassword", defaultMessage: "Hide password" },
  loadingPage: { id: "components.ui.loadingPage", defaultMessage: "Loading page" },
  loading: { id: "components.ui.loading", defaultMessage: "Loading" },
  quantityOf: { id: "components.ui.quantityOf", defaultMessage: "Quantity of {name}" },
  decreaseQuantity: { id: "components.ui.decreaseQuantity", defaultMessage: "Decrease quantity of {name}" },
  increaseQuantity: { id: "components.ui.increaseQuantity", defaultMessage: "Increase quantity of {name}" },
  scrollSideways: { id: "components.ui.scrollSideways", defaultMessage: "Scroll sideways to see every column." },
});
