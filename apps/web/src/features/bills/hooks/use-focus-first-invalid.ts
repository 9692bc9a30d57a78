import { useEffect, useRef, useState } from "react";

/**
 * After a submission with errors, moves the focus to the form's first invalid control, whose label and
 * message (aria-describedby) a screen reader then reads. `report()` marks a submission with errors.
 */
export function useFocusFirstInvalid<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    ref.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [attempt]);
  return { ref, report: () => setAttempt((value) => value + 1) };
}
