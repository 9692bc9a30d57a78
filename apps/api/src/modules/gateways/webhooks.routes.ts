import type { GatewayKey } from "@hospipay/contract";
import type { FastifyPluginAsync } from "fastify";
import { errors } from "../../lib/errors";
import type { InvoicesRepository } from "../payments/invoices.repository";
import type { SettlementService } from "../payments/settlement.service";
import type { PaymentGateway } from "./gateway";

declare module "fastify" {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

/**
 * The gateways' webhooks. Signatures are checked over the raw bytes received (never re-serialised
 * JSON); then each payment the body mentions is re-checked with the gateway and settled at most once.
 */
export const webhookRoutes: FastifyPluginAsync<{
  gateways: Record<GatewayKey, PaymentGateway>;
  invoices: InvoicesRepository;
  settlement: SettlementService;
}> = async (app, { gateways, invoices, settlement }) => {
  // Only in this plugin: keep the raw body for signature checks.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 256 * 1024 }, (request, body, done) => {
    request.rawBody = body as Buffer;
    try {
      done(null, JSON.parse((body as Buffer).toString("utf8")));
    } catch {
      done(errors.badRequest("Malformed JSON request body.", "parse_error"), undefined);
    }
  });

  for (const key of ["remita", "monnify", "paystack"] as const) {
    const gateway = gateways[key];
    app.post(`/api/express/webhooks/${key}/`, { config: { access: gateway.signs ? "signed" : "public" }, schema: { tags: ["webhooks"] } }, async (request, reply) => {
      if (!request.rawBody || !gateway.authenticateWebhook(request.headers, request.rawBody)) {
        request.log.warn({ gateway: key }, "webhook refused: bad or missing signature");
        return reply.code(401).send({ detail: "Invalid signature.", code: "invalid_signature" });
      }
      for (const mention of gateway.mentions(request.body)) {
        const invoice =
          (mention.gatewayReference ? await invoices.findByGatewayReference(key, mention.gatewayReference) : null) ??
          (mention.reference ? await invoices.findByReference(mention.reference) : null);
        if (invoice && invoice.gateway === key) await settlement.reconcile(invoice.id);
      }
      // Remita expects the text OK; the others only a 200.
      return key === "remita" ? reply.type("text/plain").send("OK") : reply.send({ status: "ok" });
    });
  }
};
