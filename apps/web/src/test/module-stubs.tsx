import { vi } from "vitest";

/**
 * The props the revenue chart's Bar was given, in order: jsdom has no canvas, so every web test draws the
 * chart as a bare <canvas> (setup.ts) and a test reads what it would have drawn here.
 */
export const barProps: unknown[] = [];

export function BarStub(props: unknown) {
  barProps.push(props);
  return <canvas data-testid="revenue-chart" />;
}

/**
 * The camera scan of the receipt screen, a mock for every web test (jsdom has no camera); the scanner's own
 * test reads the real module (vi.importActual).
 */
export const startQrScanStub = vi.fn();
