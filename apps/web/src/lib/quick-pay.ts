import { createContext, useContext } from "react";

/**
 * Opens the service selection dialog (SPEC §2) from any screen. The landing page and the customer
 * dashboard are separate features, so neither owns the dialog: the app shell provides this context
 * and lazy-loads the dialog (a chunk of its own) on the first call.
 */

/** Where "Proceed to cart" goes: the guest cart, or wallet payment for a signed-in customer (SPEC §4). */
export type QuickPayDestination = "/receipt" | "/wallet-pay";

export interface QuickPayControls {
  /** Opens the dialog. Without a destination, a signed-in customer goes to /wallet-pay and anyone else to /receipt. */
  open: (destination?: QuickPayDestination) => void;
}

export const QuickPayContext = createContext<QuickPayControls | null>(null);

/** The dialog's controls; only screens rendered inside the app's routes can use it. */
export function useQuickPay(): QuickPayControls {
  const controls = useContext(QuickPayContext);
  if (!controls) throw new Error("useQuickPay must be used inside the app's routes");
  return controls;
}
