import { Fragment, useEffect, useState, type ReactNode } from "react";
import { activateLocale, activeLocale } from "./intl";
import { useLocale } from "./locale-store";

/**
 * Shows the app in the chosen language. A new choice loads its catalog first (the old language stays on
 * screen meanwhile), then remounts the app under it, so every text, date and amount is formatted again.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const wanted = useLocale();
  const [shown, setShown] = useState(activeLocale);
  useEffect(() => {
    let cancelled = false;
    void activateLocale(wanted).then(() => {
      if (!cancelled) setShown(activeLocale());
    });
    return () => {
      cancelled = true;
    };
  }, [wanted]);
  return <Fragment key={shown}>{children}</Fragment>;
}
