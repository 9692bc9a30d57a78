import { readFileSync } from "node:fs";

const OVERLAY = new URL("./sandbox-overlay.js", import.meta.url);

/**
 * The source of a widget script with the shared overlay in front of it, read once when the
 * simulator starts. The scripts are plain browser JavaScript kept in .js files so they are linted.
 */
export function widgetScriptSource(widget: URL): string {
  return `${readFileSync(OVERLAY, "utf8")}\n${readFileSync(widget, "utf8")}`;
}

/** Plain browser JavaScript as its own file (no overlay). */
export function browserScriptSource(script: URL): string {
  return readFileSync(script, "utf8");
}

/** Headers for serving the sandbox's scripts. */
export const SCRIPT_HEADERS = { "content-type": "application/javascript; charset=utf-8", "cache-control": "no-cache" } as const;
