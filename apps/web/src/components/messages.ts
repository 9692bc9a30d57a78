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
