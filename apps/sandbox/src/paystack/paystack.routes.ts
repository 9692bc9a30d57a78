import { API_PATHS } from "@hospipay/contract";
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { SandboxCredentials } from "../credentials";
import { clientErrorStatus } from "../lib/control";
import { safeEqual } from "../lib/crypto";
import { GatewayModeSwitch } from "../lib/gateway-mode";
import type { GatewayPluginOptions } from "../lib/gateway-options";
import { WebhookSender } from "../lib/webhook-sender";
import { paystackControlRoutes } from "./paystack-control.routes";
import { PaystackSettlements } from "./paystack-settlement.service";
import { paystackWidgetRoutes } from "./paystack-widget.routes";
import { PaystackFailure, paystackFail, paystackOk } from "./paystack.protocol";
import { PaystackGateway } from "./paystack.service";
import { PaystackStore } from "./paystack.store";

export type PaystackOptions = GatewayPluginOptions<SandboxCredentials["paystack"]>;

/**
 * The Paystack simulator (register with prefix /sandbox/paystack): initialize and verify with the
 * secret key, the v2 inline popup, a hosted checkout page, signed charge.success webhooks, settlements,
 * controls.
 */
export const paystackRoutes: FastifyPluginAsync<PaystackOptions> = async (app, opts) => {
  const config = opts.routeConfig;
  const modes = new GatewayModeSwitch((reply) => reply.code(500).send(paystackFail("An error occurred")));
  const sender = new WebhookSender({
    apiBaseUrl: opts.apiBaseUrl,
    path: API_PATHS.gatewayWebhook("paystack"),
    retryDelaysMs: opts.webhookRetryDelaysMs,
    log: app.log,
  });
  const gateway = new PaystackGateway(opts.credentials, new PaystackStore(), sender, modes, opts.notifyDelayMs);
  const settlements = new PaystackSettlements(gateway.store);
  app.addHook("preClose", async () => {
    modes.releaseAll();
    sender.close();
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof PaystackFailure) return reply.code(error.statusCode).send(paystackFail(error.message));
    if (clientErrorStatus(error)) return reply.code(400).send(paystackFail("Invalid request"));
    request.log.error({ err: error }, "paystack sandbox error");
    return reply.code(500).send(paystackFail("An error occurred"));
  });

  async function secretKey(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const header = request.headers.authorization;
    if (!header) return reply.code(401).send(paystackFail("No Authorization header was found"));
    const key = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!key || !safeEqual(key, opts.credentials.secretKey)) return reply.code(401).send(paystackFail("Invalid key"));
    return undefined;
  }
  const authed = { config, preHandler: [modes.guard, secretKey] };

  app.post("/transaction/initialize", authed, async (request) =>
    paystackOk(
      "Authorization URL created",
      gateway.initialize(request.body, `${request.protocol}://${request.host}${app.prefix}`),
    ),
  );

  app.get<{ Params: { reference: string } }>("/transaction/verify/:reference", authed, async (request) => {
    const transaction = gateway.store.findByReference(request.params.reference);
    if (!transaction) throw new PaystackFailure(400, "Transaction reference not found");
    return paystackOk("Verification successful", gateway.verifyView(transaction));
  });

  app.get<{ Querystring: Record<string, unknown> }>("/settlement", authed, async (request) => settlements.list(request.query));

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    "/settlement/:id/transactions",
    authed,
    async (request) => settlements.transactions(request.params.id, request.query),
  );

  await app.register(paystackWidgetRoutes, { gateway, config });
  await app.register(paystackControlRoutes, { gateway, settlements, config });
};
