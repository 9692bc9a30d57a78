import { JSDOM } from "jsdom";
import type { FastifyInstance } from "fastify";

/**
 * A jsdom page on `origin` that loads a sandbox script over real HTTP, like a browser would (so the
 * script sees its own URL in document.currentScript). jsdom has no fetch, so Node's is lent to it.
 */
export async function pageWithScript(origin: string, scriptPath: string): Promise<JSDOM> {
  const dom = new JSDOM(`<!doctype html><html lang="en"><body><button id="opener" type="button">Pay now</button></body></html>`, {
    url: `${origin}/checkout`,
    runScripts: "dangerously",
    resources: "usable",
    pretendToBeVisual: true,
  });
  Object.assign(dom.window, { fetch: globalThis.fetch.bind(globalThis) });
  const { document } = dom.window;
  document.getElementById("opener")?.focus();
  const script = document.createElement("script");
  script.src = `${origin}${scriptPath}`;
  const loaded = new Promise<void>((resolve, reject) => {
    script.addEventListener("load", () => resolve());
    script.addEventListener("error", () => reject(new Error(`could not load ${scriptPath}`)));
  });
  document.body.appendChild(script);
  await loaded;
  return dom;
}

/** Polls `check` (sync or async) until it gives a value other than undefined/false. */
export async function waitUntil<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 3_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The buttons of the open sandbox dialog, by their text. */
export function dialogButtons(dom: JSDOM): string[] {
  return [...dom.window.document.querySelectorAll('[role="dialog"] button')].map((button) => button.textContent ?? "");
}

/** Clicks the dialog button whose text is `label`. */
export function clickButton(dom: JSDOM, label: string): void {
  const button = [...dom.window.document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find(
    (candidate) => candidate.textContent === label,
  );
  if (!button) throw new Error(`no button ${label}`);
  button.click();
}

/** Presses a key on the document. */
export function pressKey(dom: JSDOM, key: string): void {
  dom.window.document.dispatchEvent(new dom.window.KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
}

/** Listens on 127.0.0.1 and returns the origin. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  return `http://127.0.0.1:${address.port}`;
}
