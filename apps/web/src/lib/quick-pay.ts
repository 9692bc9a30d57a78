import { createContext, useContext } from "react";
import type { CartItem } from "./cart-store";

/**
 * Opens the service selection dialog (SPEC §2) from any screen. The landing page and the customer
 * dashboard are separate features, so neither owns the dialog: the app shell provides this context
 * and lazy-loads the dialog (a chunk of its own) on the first call.
 */

/**
 * A screen that keeps a cart of its own (the desk sale): the chosen lines are handed to it, and the stored cart
 * and the location are left alone.
 */
export interface QuickPayHandler {
  onProceed: (lines: CartItem[]) => void;
  /** The proceed button's text, instead of "Proceed to cart". */
  proceedLabel?: string;
}

/**
 * Where "Proceed to cart" goes: the guest cart, or wallet payment for a signed-in customer (SPEC §4), or a
 * screen's own cart.
 */
export type QuickPayDestination = "/receipt" | "/wallet-pay" | QuickPayHandler;

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
