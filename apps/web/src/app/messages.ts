import { defineMessages } from "../i18n";

/**
 * Texts of the app shell: the not-found page, the error screen, the service dialog while it loads, a guarded
 * page that cannot reach the server.
 */
export const appMessages = defineMessages({
  notFoundTitle: { id: "app.notFound.title", defaultMessage: "Page not found" },
  notFoundBody: { id: "app.notFound.body", defaultMessage: "The page you are looking for does not exist or has moved." },
  notFoundHome: { id: "app.notFound.home", defaultMessage: "Go to home page" },
  errorTitle: { id: "app.routeError.title", defaultMessage: "Something went wrong" },
  errorBody: { id: "app.routeError.body", defaultMessage: "Please reload the page and try again." },
  errorReload: { id: "app.routeError.reload", defaultMessage: "Reload Hospipay" },
  serviceDialogTitle: { id: "app.quickPay.dialogTitle", defaultMessage: "Select Services" },
  loadingServices: { id: "app.quickPay.loadingServices", defaultMessage: "Loading services…" },
  offlineTitle: { id: "app.guard.offlineTitle", defaultMessage: "This page needs a connection" },
  offlineBody: {
    id: "app.guard.offlineBody",
    defaultMessage: "You are still signed in. The page loads once you are back online.",
  },
  offlineRetry: { id: "app.guard.offlineRetry", defaultMessage: "Try again" },
});
