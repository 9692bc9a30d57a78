import { onlineManager } from "@tanstack/react-query";
import { act } from "@testing-library/react";
import { onTestFinished, vi } from "vitest";

/**
 * Makes the browser say it is offline (`navigator.onLine` false, an "offline" event) until `goOnline()`
 * or the end of the test.
 */
export function goOffline(): void {
  const onLine = vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(false);
  // TanStack Query's online state is global and outlives the test's app (which no longer hears an
  // "online" event once unmounted): the next test starts online.
  onTestFinished(() => {
    onLine.mockRestore();
    onlineManager.setOnline(true);
  });
  act(() => void window.dispatchEvent(new Event("offline")));
}

/** The connection is back: `navigator.onLine` true and an "online" event. */
export function goOnline(): void {
  vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(true);
  act(() => void window.dispatchEvent(new Event("online")));
}
