import { API_PATHS } from "@hospipay/contract";
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { SandboxCredentials } from "../credentials";
import { clientErrorStatus } from "../lib/control";
import { GatewayModeSwitch } from "../lib/gateway-mode";
import type { GatewayPluginOptions } from "../lib/gateway-options";
import { firstQueryValue } from "../lib/input";
import { WebhookSender } from "../lib/webhook-sender";
import { MonnifyTokens } from "./monnify-auth";
import { monnifyCheckoutRoutes } from "./monnify-checkout.routes";
import { monnifyControlRoutes } from "./monnify-control.routes";
import { MonnifySettlements } from "./monnify-settlement.service";
import { MonnifyFailure, monnifyFail, monnifyOk, parseBasicAuthorization } from "./monnify.protocol";
import { MonnifyGateway } from "./monnify.service";
import { MonnifyStore, type MonnifyTransaction } from "./monnify.store";

export type MonnifyOptions = GatewayPluginOptions<SandboxCredentials["monnify"]>;

const notFound = () => new MonnifyFailure(404, "Could not find transaction with the specified reference");

function found(transaction: MonnifyTransaction | undefined): MonnifyTransaction {
  if (!transaction) throw notFound();
  return transaction;
}

/**
 * The Monnify simulator (register with prefix /sandbox/monnify): Basic login → bearer token,
 * dynamic accounts for a transaction, reserved accounts, status queries, signed webhooks, settlements,
 * controls.
 */
export const monnifyRoutes: FastifyPluginAsync<MonnifyOptions> = async (app, opts) => {
  const config = opts.routeConfig;
  const modes = new GatewayModeSwitch((reply) =>
    reply.code(500).send(monnifyFail("An unexpected error occurred, please try again")),
  );
  const sender = new WebhookSender({
    apiBaseUrl: opts.apiBaseUrl,
    path: API_PATHS.gatewayWebhook("monnify"),
    retryDelaysMs: opts.webhookRetryDelaysMs,
    log: app.log,
  });
  const gateway = new MonnifyGateway(
    opts.credentials,
    new MonnifyStore(),
    new MonnifyTokens(),
    sender,
    modes,
    opts.notifyDelayMs,
  );
  const settlements = new MonnifySettlements(gateway);
  app.addHook("preClose", async () => {
    modes.releaseAll();
    sender.close();
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof MonnifyFailure) return reply.code(error.statusCode).send(monnifyFail(error.message, error.responseCode));
    if (clientErrorStatus(error)) return reply.code(400).send(monnifyFail("Invalid request"));
    request.log.error({ err: error }, "monnify sandbox error");
    return reply.code(500).send(monnifyFail("An unexpected error occurred, please try again"));
  });

  async function bearer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
    if (!token) return reply.code(401).send(monnifyFail("Full authentication is required to access this resource"));
    const check = gateway.tokens.check(token);
    if (check === "valid") return undefined;
    return reply.code(401).send(monnifyFail(check === "expired" ? "Access token expired" : "Invalid access token"));
  }
  const open = { config, preHandler: modes.guard };
  const authed = { config, preHandler: [modes.guard, bearer] };
  const checkoutBase = (request: FastifyRequest) => `${request.protocol}://${request.host}${app.prefix}`;

  app.post("/api/v1/auth/login", open, async (request) =>
    monnifyOk(gateway.login(parseBasicAuthorization(request.headers.authorization))),
  );

  app.post("/api/v1/merchant/transactions/init-transaction", authed, async (request) =>
    monnifyOk(gateway.initTransaction(request.body, checkoutBase(request))),
  );

  app.post("/api/v1/merchant/bank-transfer/init-payment", authed, async (request) =>
    monnifyOk(gateway.initPayment(request.body)),
  );

  app.get<{ Params: { reference: string } }>("/api/v2/transactions/:reference", authed, async (request) =>
    monnifyOk(gateway.statusView(found(gateway.store.findByTransactionReference(request.params.reference)))),
  );

  app.get<{ Querystring: Record<string, unknown> }>("/api/v2/merchant/transactions/query", authed, async (request) => {
    const paymentReference = firstQueryValue(request.query.paymentReference);
    const transactionReference = firstQueryValue(request.query.transactionReference);
    if (!paymentReference && !transactionReference)
      throw new MonnifyFailure(400, "paymentReference or transactionReference is required");
    const transaction = paymentReference
      ? gateway.store.findByPaymentReference(paymentReference)
      : gateway.store.findByTransactionReference(transactionReference ?? "");
    return monnifyOk(gateway.statusView(found(transaction)));
  });

  app.post("/api/v2/bank-transfer/reserved-accounts", authed, async (request) => monnifyOk(gateway.reserveAccount(request.body)));

  app.get<{ Params: { accountReference: string } }>(
    "/api/v2/bank-transfer/reserved-accounts/:accountReference",
    authed,
    async (request) => {
      const reserved = gateway.store.findReserved(request.params.accountReference);
      if (!reserved) throw new MonnifyFailure(404, "Cannot find reserved account");
      return monnifyOk(gateway.reservedView(reserved));
    },
  );

  app.get<{ Querystring: Record<string, unknown> }>(
    "/api/v1/transactions/find-by-settlement-reference",
    authed,
    async (request) => monnifyOk(settlements.transactions(request.query)),
  );

  await app.register(monnifyCheckoutRoutes, { gateway, config });
  await app.register(monnifyControlRoutes, { gateway, settlements, config });
};
