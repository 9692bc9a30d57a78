import { loadScript } from "../load-script";

/** What Remita's inline widget passes to onSuccess (Remita's inline-payment protocol). */
export interface RemitaSuccess {
  paymentReference?: string;
  transactionId?: string;
  amount?: string | number;
  message?: string;
  processorId?: string;
}

/** Options of `RmPaymentEngine.init` in RRR mode. */
export interface RemitaInitOptions {
  key: string;
  processRrr: true;
  transactionId: string;
  extendedData: { customFields: Array<{ name: string; value: string }> };
  amount?: number;
  customerId?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  narration?: string;
  onSuccess: (response: RemitaSuccess) => void;
  onError: (response?: unknown) => void;
  onClose: () => void;
}

/** The engine Remita's script puts on window. */
export interface RemitaEngine {
  init: (options: RemitaInitOptions) => { showPaymentWidget: () => void };
}

declare global {
  interface Window {
    RmPaymentEngine?: RemitaEngine;
  }
}

/**
 * Loads Remita's inline script (once) and shows its widget for an RRR. Rejects when the script cannot
 * be loaded or does not define the engine; the widget's outcome arrives through the callbacks.
 * `beforeShow` runs once the engine is ready, just before the widget opens (e.g. to close a dialog
 * that would otherwise keep the focus).
 */
export async function showRemitaWidget(scriptUrl: string, options: RemitaInitOptions, beforeShow?: () => void): Promise<void> {
  await loadScript(scriptUrl);
  const engine = window.RmPaymentEngine;
  if (!engine || typeof engine.init !== "function") throw new Error("Remita's script did not define RmPaymentEngine");
  beforeShow?.();
  engine.init(options).showPaymentWidget();
}
