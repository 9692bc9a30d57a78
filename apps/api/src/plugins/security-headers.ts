import type { IncomingMessage, ServerResponse } from "node:http";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

/**
 * The security headers on every answer (CSP, frame-ancestors, nosniff, referrer policy, …), as helmet
 * writes them for `options`. They are the same for every request, so helmet runs once, at start, on a
 * stand-in response that records what it sets; each request then gets that finished set. (Running
 * helmet per request, as @fastify/helmet does, parsed the CSP directives again on every answer.)
 * A route may still set its own header afterwards (the API docs page sets a CSP of its own).
 */
export async function helmetHeaders(options: HelmetOptions): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  await new Promise<void>((resolve, reject) =>
    helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(),
    ),
  );
  return headers;
}

export const securityHeadersPlugin = fp<HelmetOptions>(
  async (app, options) => {
    const headers = await helmetHeaders(options);
    app.addHook("onRequest", (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: "security-headers" },
);
