import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType, type Location } from "react-router";

// react-router's own <ScrollRestoration /> key, so positions it stored in this tab are read too.
const STORAGE_KEY = "react-router-scroll-positions";

function readPositions(): Record<string, number> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as unknown;
    return typeof stored === "object" && stored !== null ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** The element a `#hash` names, if any (an undecodable hash names none). */
function hashTarget(location: Location): HTMLElement | null {
  if (!location.hash) return null;
  try {
    return document.getElementById(decodeURIComponent(location.hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * What react-router's <ScrollRestoration /> does for a data router, for the declarative router the
 * app uses (a data router's own code would be part of a guest's first download): back and forward
 * return to where that page was left, also after a reload (positions are kept in sessionStorage);
 * any other navigation goes to its `#hash` target or to the top of the page.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const currentKey = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    // The position of the page being shown is kept as it scrolls, so that it is known when the page is left.
    const remember = () => {
      positions.current ??= readPositions();
      positions.current[currentKey.current] = window.scrollY;
    };
    const save = () => {
      remember();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // Storage full or disabled: positions are only kept for this page view.
      }
      window.history.scrollRestoration = "auto";
    };
    window.addEventListener("scroll", remember, { passive: true });
    window.addEventListener("pagehide", save);
    return () => {
      window.removeEventListener("scroll", remember);
      window.removeEventListener("pagehide", save);
      window.history.scrollRestoration = "auto";
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    positions.current ??= readPositions();
    const saved = positions.current[location.key];
    // A reload is a POP too: the page opens where it was left.
    if (navigationType === "POP" && typeof saved === "number") {
      window.scrollTo(0, saved);
      return;
    }
    const target = hashTarget(location);
    if (target) {
      target.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [location, navigationType]);

  return null;
}
