import { API_PATHS, type GatewayKey } from "@hospipay/contract";
import type { FastifyPluginAsync } from "fastify";
import { errors } from "../../lib/errors";
import type { InvoicesRepository, SettlementService } from "../payments";
import type { ReservedAccountsService } from "../reserved-accounts";
import type { PaymentGateway, WebhookMention } from "./gateway";
import type { MonnifyGateway } from "./monnify.gateway";

declare module "fastify" {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

/**
 * The most payments one notification is acted on for. Remita's notifications (unsigned, so anybody can
 * send one) list the payments of one batch, a handful in practice; the others name one. Past this many,
 * the rest are left to the worker's re-query, which asks about every pending payment within minutes.
 */
export const WEBHOOK_MENTIONS_MAX = 50;

/** Each payment a notification names, once, in the order named. */
function distinctMentions(mentions: WebhookMention[]): WebhookMention[] {
  const seen = new Map<string, WebhookMention>();
  for (const mention of mentions) {
    const key = JSON.stringify([mention.gatewayReference ?? null, mention.reference ?? null]);
    if (!seen.has(key)) seen.set(key, mention);
  }
  return [...seen.values()];
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
 * JSON); then each payment the body mentions (each once, at most WEBHOOK_MENTIONS_MAX) is re-checked with
 * the gateway and settled at most once. A signed notification is the gateway's own news, so it asks anew;
 * an unsigned one may reuse an answer of the cool-down (GatewayQueries) and is answered OK all the same,
 * as the gateway expects: anything else only makes it send the notification again.
 */
export const webhookRoutes: FastifyPluginAsync<{
  gateways: Record<GatewayKey, PaymentGateway>;
  invoices: InvoicesRepository;
  settlement: SettlementService;
  /** Monnify's notifications of transfers into customers' reserved accounts go here, not to an invoice. */
  reserved?: { monnify: MonnifyGateway; accounts: ReservedAccountsService };
}> = async (app, { gateways, invoices, settlement, reserved }) => {
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
        const transfer = key === "monnify" && reserved ? reserved.monnify.reservedTransfer(request.body) : null;
        if (transfer && reserved) {
          try {
            await reserved.accounts.receive(transfer);
          } catch (error) {
            // Monnify could not be asked about it: not answered 200, so Monnify sends it again.
            request.log.warn(
              { err: error, transactionReference: transfer.transactionReference },
              "reserved-account transfer not verified yet",
            );
            return reply.code(503).send({ detail: "Could not verify the transfer yet.", code: "gateway_unavailable" });
          }
          return reply.send({ status: "ok" });
        }
        const mentions = distinctMentions(gateway.mentions(request.body));
        if (mentions.length > WEBHOOK_MENTIONS_MAX) {
          request.log.warn(
            { gateway: key, mentions: mentions.length, handled: WEBHOOK_MENTIONS_MAX },
            "webhook names too many payments: the rest are left to the re-query",
          );
        }
        const reconciled = new Set<number>();
        for (const mention of mentions.slice(0, WEBHOOK_MENTIONS_MAX)) {
          const invoice =
            (mention.gatewayReference ? await invoices.findByGatewayReference(key, mention.gatewayReference) : null) ??
            (mention.reference ? await invoices.findByReference(mention.reference) : null);
          if (!invoice || invoice.gateway !== key || reconciled.has(invoice.id)) continue;
          reconciled.add(invoice.id);
          await settlement.reconcile(invoice.id, undefined, { fresh: gateway.signs });
        }
        // Remita expects the text OK; the others only a 200.
        return key === "remita" ? reply.type("text/plain").send("OK") : reply.send({ status: "ok" });
      },
    );
  }
};
