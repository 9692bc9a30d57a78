import { requireToastArea } from "./toast-area";

type ToastKind = "success" | "error" | "info" | "warn";

function show(kind: ToastKind, message: string): void {
  requireToastArea();
  // A toast shown before the area has mounted waits in react-toastify's queue and then appears.
  void import("react-toastify").then(({ toast }) => toast[kind](message));
}

/**
 * The app's toasts. The toast library is fetched with the first toast, not with every screen that might
 * show one, so that it is no part of any page's first download (issue 8).
 */
export const toast = {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
  info: (message: string) => show("info", message),
  warn: (message: string) => show("warn", message),
};
