import { API_PATHS, type GatewayKey } from "@hospipay/contract";
import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import { errors } from "../../lib/errors";
import type { PaymentGateway } from "./gateway";

declare module "fastify" {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

/** A signed (or, for a gateway that does not sign, received) notification, as a handler is given it. */
export interface WebhookNotice {
  key: GatewayKey;
  gateway: PaymentGateway;
  body: unknown;
  log: FastifyBaseLogger;
}

/** What a handler made of a notification: done (answered OK), or not yet (answered 503, so the gateway sends it again). */
export type WebhookAnswer = { status: "ok" } | { status: "retry"; detail: string };

/**
 * A module's share of the gateways' notifications, registered with the webhook routes in order: `take`
 * answers null for a notification that is not its own, and the next handler is asked.
 */
export interface WebhookHandler {
  take(notice: WebhookNotice): Promise<WebhookAnswer | null>;
}

/**
 * A notification's body as the gateway meant it. Declared JSON must parse (else it throws). Remita
 * documents no content type for its notifications: any other type is read as JSON when the text is
 * JSON, as form fields when it is a form, else kept as text (which names no payment). What it names
 * is only a reason to ask the gateway.
 */
export function readWebhookBody(contentType: string | undefined, raw: Buffer): unknown {
  const mediaType = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  const text = raw.toString("utf8");
  if (mediaType === "application/json") return JSON.parse(text) as unknown;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return mediaType === "application/x-www-form-urlencoded" ? Object.fromEntries(new URLSearchParams(text)) : text;
  }
}

/**
 * The gateways' webhooks. Signatures are checked over the raw bytes received (never re-serialised
 * JSON); then the handlers the modules registered are asked in turn, the first to take the notification
 * deciding its answer (what it names is only a reason to ask the gateway). A notification nobody takes is
 * answered OK all the same, as the gateway expects: anything else only makes it send it again.
 */
export const webhookRoutes: FastifyPluginAsync<{
  gateways: Record<GatewayKey, PaymentGateway>;
  /** Asked in this order. */
  handlers: WebhookHandler[];
}> = async (app, { gateways, handlers }) => {
  // Only in this plugin: keep the raw body for signature checks, whatever its content type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 256 * 1024 }, (request, body, done) => {
    request.rawBody = body as Buffer;
    try {
      done(null, readWebhookBody(request.headers["content-type"], body as Buffer));
    } catch {
      done(errors.badRequest("Malformed JSON request body.", "parse_error"), undefined);
    }
  });

  for (const key of ["remita", "monnify", "paystack"] as const) {
    const gateway = gateways[key];
    app.post(
      API_PATHS.gatewayWebhook(key),
      { config: { access: gateway.signs ? "signed" : "public" }, schema: { tags: ["webhooks"] } },
      async (request, reply) => {
        if (!request.rawBody || !gateway.authenticateWebhook(request.headers, request.rawBody)) {
          request.log.warn({ gateway: key }, "webhook refused: bad or missing signature");
          return reply.code(401).send({ detail: "Invalid signature.", code: "invalid_signature" });
        }
        const notice: WebhookNotice = { key, gateway, body: request.body, log: request.log };
        for (const handler of handlers) {
          const answer = await handler.take(notice);
          if (answer === null) continue;
          if (answer.status === "retry") return reply.code(503).send({ detail: answer.detail, code: "gateway_unavailable" });
          break;
        }
        // Remita expects the text OK; the others only a 200.
        return key === "remita" ? reply.type("text/plain").send("OK") : reply.send({ status: "ok" });
      },
    );
  }
};
