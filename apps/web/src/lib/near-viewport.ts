import { useEffect, useState, type RefObject } from "react";

/** How far below (or above) the visible part of the page an element counts as about to be seen. */
const MARGIN = "200px";

/**
 * Whether the element `ref` holds has come near the visible part of the page, and stays true from then
 * on: what is far below the fold (a chart under a phone's first screen) is not loaded and drawn during
 * the page's first load, only once the visitor scrolls towards it. True at once where the browser has no
 * IntersectionObserver.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}
