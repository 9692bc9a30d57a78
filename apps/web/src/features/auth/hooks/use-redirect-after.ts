import { useEffect } from "react";
import { useNavigate } from "react-router";

/** Navigates to `path` after `delayMs` once `active` turns true; leaving the page cancels it. */
export function useRedirectAfter(active: boolean, path: string, delayMs: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => void navigate(path, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [active, path, delayMs, navigate]);
}
