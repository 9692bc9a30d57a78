import { useEffect } from "react";
import { useNavigate } from "react-router";

/** Delay before redirecting to /login after registration, verification or a password reset (SPEC §9). */
export const REDIRECT_DELAY_MS = 2_000;

/** Navigates to `path` after `delayMs` once `active` turns true; leaving the page cancels it. */
export function useRedirectAfter(active: boolean, path: string, delayMs: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => void navigate(path, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [active, path, delayMs, navigate]);
}
