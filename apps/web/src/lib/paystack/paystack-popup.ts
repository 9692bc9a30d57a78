import { loadScript } from "../load-script";

/** What Paystack's popup passes to onSuccess (GATEWAYS.md "Inline popup"). */
export interface PaystackSuccess {
  reference?: string;
  trans?: string;
  status?: string;
  message?: string;
  transaction?: string;
  trxref?: string;
}

/** The callbacks of `resumeTransaction`. */
export interface PaystackCallbacks {
  onSuccess: (response: PaystackSuccess) => void;
  onCancel: () => void;
  onError: (error?: { message?: string }) => void;
}

/** The popup Paystack's v2 inline script puts on window. */
export interface PaystackPopConstructor {
  new (): { resumeTransaction: (accessCode: string, callbacks: PaystackCallbacks) => unknown };
}

declare global {
  interface Window {
    PaystackPop?: PaystackPopConstructor;
  }
}

/**
 * Loads Paystack's inline script (once) and opens its popup for a transaction the server initialized
 * (its access code). Rejects when the script cannot be loaded or does not define PaystackPop; the
 * payer's outcome arrives through the callbacks, and only the server's verification makes it count.
 */
export async function showPaystackPopup(scriptUrl: string, accessCode: string, callbacks: PaystackCallbacks): Promise<void> {
  await loadScript(scriptUrl);
  const Popup = window.PaystackPop;
  if (typeof Popup !== "function") throw new Error("Paystack's script did not define PaystackPop");
  new Popup().resumeTransaction(accessCode, callbacks);
}
