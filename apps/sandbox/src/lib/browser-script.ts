import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";

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

/** Headers for serving the sandbox's scripts: like a gateway's, any merchant's page may load them. */
export const SCRIPT_HEADERS = {
  "content-type": "application/javascript; charset=utf-8",
  "cache-control": "no-cache",
  "cross-origin-resource-policy": "cross-origin",
} as const;

/**
 * Lets a page on another origin make the widget's calls back to the simulator (`/_widget/…` in the
 * plugin this is registered in): the overlay runs in the merchant's page, so when the simulator is served
 * from a host of its own, as a real gateway is, those calls are cross-origin. They carry no credentials.
 */
export function allowWidgetCallsFromAnyOrigin(app: FastifyInstance, config: Record<string, unknown>): void {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.url.startsWith(`${app.prefix}/_widget/`)) reply.header("access-control-allow-origin", "*");
    done(null, payload);
  });
  app.options("/_widget/*", { config }, async (_request, reply) =>
    reply
      .code(204)
      .headers({
        "access-control-allow-methods": "GET, POST",
        "access-control-allow-headers": "content-type",
        "access-control-max-age": "600",
      })
      .send(),
  );
}
