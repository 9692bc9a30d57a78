import { vi } from "vitest";
import type { PaystackCallbacks } from "../lib/paystack/paystack-popup";

/** A fake Paystack popup: records each resumeTransaction's access code and callbacks. */
export function fakePaystack() {
  const fake = { accessCode: undefined as string | undefined, callbacks: undefined as PaystackCallbacks | undefined, opened: 0 };
  const resumeTransaction = vi.fn((accessCode: string, callbacks: PaystackCallbacks) => {
    fake.accessCode = accessCode;
    fake.callbacks = callbacks;
    fake.opened += 1;
    return { id: accessCode };
  });
  window.PaystackPop = class {
    resumeTransaction = resumeTransaction;
  };
  return fake;
}

/** Removes the popup, so that the next test loads afresh (the scripts go with resetRemita). */
export function resetPaystack(): void {
  delete window.PaystackPop;
}
