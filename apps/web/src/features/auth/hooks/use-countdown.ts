import { useCallback, useEffect, useState } from "react";

/**
 * Whole seconds left until a deadline, updated while counting. `start()` begins a new wait of
 * `seconds`, or one until a given moment (e.g. from a server's Retry-After); `initialDeadline` resumes one
 * already running (e.g. a code sent at registration, before a reload).
 */
export function useCountdown(seconds: number, initialDeadline: number | null = null) {
  const [deadline, setDeadline] = useState(initialDeadline);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  /** Waits `seconds` from now, or until `until` (a timestamp) when given. */
  const start = useCallback(
    (until?: number) => {
      const current = Date.now();
      setNow(current);
      setDeadline(until ?? current + seconds * 1000);
    },
    [seconds],
  );

  const remaining = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { remaining, start };
}
