import { act, waitFor } from "@testing-library/react";
import { expect, vi } from "vitest";
import type { RemitaInitOptions } from "../lib/remita/remita-widget";

/** A fake Remita engine: records init's options and how often the widget was shown. */
export function fakeRemita() {
  const fake = { options: undefined as RemitaInitOptions | undefined, shown: 0, init: vi.fn() };
  fake.init.mockImplementation((options: RemitaInitOptions) => {
    fake.options = options;
    return { showPaymentWidget: () => (fake.shown += 1) };
  });
  window.RmPaymentEngine = { init: fake.init };
  return fake;
}

/** Waits for the gateway script element of `src`, then makes it load (or fail). */
export async function settleScript(src: string, outcome: "load" | "error" = "load"): Promise<void> {
  let script: HTMLScriptElement | null = null;
  await waitFor(() => {
    script = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
    expect(script).not.toBeNull();
  });
  act(() => {
    (script as unknown as HTMLScriptElement).dispatchEvent(new Event(outcome));
  });
}

/** Removes gateway scripts and the engine, so that the next test loads afresh. */
export function resetRemita(): void {
  document.querySelectorAll("script[data-gateway-script]").forEach((element) => element.remove());
  delete window.RmPaymentEngine;
}
