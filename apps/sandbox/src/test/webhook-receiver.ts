import Fastify from "fastify";
import { get as httpGet, type IncomingHttpHeaders } from "node:http";

/** One request the fake API received. */
export interface ReceivedWebhook {
  gateway: string;
  headers: IncomingHttpHeaders;
  /** The exact bytes on the wire. */
  raw: Buffer;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:port — what the sandbox gets as apiBaseUrl. */
  url: string;
  received: ReceivedWebhook[];
  /** Answer of the n-th request (0-based); default 200 "OK". */
  respond: (request: ReceivedWebhook, index: number) => { status: number; body: string };
  /** Resolves once `count` requests arrived (fails after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedWebhook[]>;
  close: () => Promise<void>;
}

/** A small stand-in for the API's webhook endpoints that keeps raw bodies, for signature checks. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const app = Fastify();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  const receiver: WebhookReceiver = {
    url: "",
    received: [],
    respond: () => ({ status: 200, body: "OK" }),
    waitFor: async (count, timeoutMs = 3_000) => {
      const deadline = Date.now() + timeoutMs;
      while (receiver.received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhooks, got ${receiver.received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return receiver.received;
    },
    close: () => app.close(),
  };
  app.post<{ Params: { gateway: string } }>("/api/express/webhooks/:gateway/", async (request, reply) => {
    const hit: ReceivedWebhook = { gateway: request.params.gateway, headers: request.headers, raw: request.body as Buffer };
    const index = receiver.received.push(hit) - 1;
    const answer = receiver.respond(hit, index);
    return reply.code(answer.status).type("text/plain").send(answer.body);
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("receiver did not bind");
  receiver.url = `http://127.0.0.1:${address.port}`;
  return receiver;
}

/** Resolves after `ms`. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A GET on a fresh connection (no pooling, unlike fetch): resolves to the status code, or to the
 * error when the connection ends without an answer or `timeoutMs` passes.
 */
export function rawGet(url: string, timeoutMs?: number): Promise<number | Error> {
  return new Promise((resolve) => {
    const request = httpGet(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", (error) => resolve(error));
    if (timeoutMs !== undefined) request.setTimeout(timeoutMs, () => request.destroy(new Error("client timeout")));
  });
}
