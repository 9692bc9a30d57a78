/**
 * Loads a gateway's inline script once per URL (SPEC §7 "Other"). The same `<script>` element and
 * promise are reused by every later call; a failed load removes its element, so the next call tries again.
 */

const loaded = new Map<string, { element: HTMLScriptElement; promise: Promise<void> }>();

/** Resolves when the script at `src` has loaded; rejects when it cannot be loaded. */
export function loadScript(src: string): Promise<void> {
  const existing = loaded.get(src);
  // A test or another part of the page may have removed the element: then it is loaded afresh.
  if (existing && existing.element.isConnected) return existing.promise;

  const element = document.createElement("script");
  element.src = src;
  element.async = true;
  element.dataset.gatewayScript = "true";
  const promise = new Promise<void>((resolve, reject) => {
    element.addEventListener("load", () => resolve(), { once: true });
    element.addEventListener(
      "error",
      () => {
        element.remove();
        loaded.delete(src);
        reject(new Error(`Could not load ${src}`));
      },
      { once: true },
    );
  });
  loaded.set(src, { element, promise });
  document.head.appendChild(element);
  return promise;
}
