import { useCallback, useEffect, useState } from "react";

/**
 * Whole seconds left until a deadline, updated while counting. `start()` begins a new wait of
 * `seconds`; `initialDeadline` resumes one already running (e.g. a code sent just before).
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

  const start = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setDeadline(current + seconds * 1000);
  }, [seconds]);

  const remaining = deadline === null ? 0 : Math.min(seconds, Math.max(0, Math.ceil((deadline - now) / 1000)));
  return { remaining, start };
}
