import { screen } from "@testing-library/react";
import { expect } from "vitest";
import { REDIRECT_DELAY_MS } from "../features/auth/hooks/use-redirect-after";
import { LAZY_SCREEN_MS } from "./timeouts";

/** How late a test may see the message that starts the delay (its polling, a busy event loop). */
const OBSERVATION_LAG_MS = 500;

/**
 * Waits for the Sign In screen that a confirmation sends the visitor to after REDIRECT_DELAY_MS, counted
 * from `shownAt` (when the test saw the confirmation): not before the delay, and within it plus the time
 * the lazy Sign In screen may take to load.
 */
export async function expectSignInAfterRedirectDelay(shownAt: number): Promise<void> {
  const heading = await screen.findByRole("heading", { name: "Sign In" }, { timeout: REDIRECT_DELAY_MS + LAZY_SCREEN_MS });
  expect(heading).toBeInTheDocument();
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(REDIRECT_DELAY_MS - OBSERVATION_LAG_MS);
}
