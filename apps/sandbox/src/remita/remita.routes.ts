import { API_PATHS } from "@hospipay/contract";
import type { FastifyError, FastifyPluginAsync } from "fastify";
import type { SandboxCredentials } from "../credentials";
import { clientErrorStatus } from "../lib/control";
import type { GatewayPluginOptions } from "../lib/gateway-options";
import { GatewayModeSwitch } from "../lib/gateway-mode";
import { WebhookSender } from "../lib/webhook-sender";
import { remitaControlRoutes } from "./remita-control.routes";
import { remitaWidgetRoutes } from "./remita-widget.routes";
import { jsonp, REMITA_API_PATH, REMITA_CODES } from "./remita.protocol";
import { RemitaGateway } from "./remita.service";
import { RemitaStore } from "./remita.store";

export type RemitaOptions = GatewayPluginOptions<SandboxCredentials["remita"]>;

/** Splits a status path into its parts; null when it is not one. */
function parseStatusPath(
  url: string,
): { params: { merchantId: string; id: string; hash: string }; by: "rrr" | "orderId" } | null {
  const segments = (url.split("?")[0] ?? "").split("/");
  const [merchantId, id, hash, last] = segments.slice(-4).map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return "";
    }
  });
  if (!merchantId || !id || !hash || (last !== "status.reg" && last !== "orderstatus.reg")) return null;
  return { params: { merchantId, id, hash }, by: last === "status.reg" ? "rrr" : "orderId" };
}

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * The Remita simulator (register with prefix /sandbox/remita): RRR generation and status on
 * Remita's own paths, the inline widget script, and the test controls.
 */
export const remitaRoutes: FastifyPluginAsync<RemitaOptions> = async (app, opts) => {
  const config = opts.routeConfig;
  const modes = new GatewayModeSwitch((reply) =>
    reply.code(500).type(JSON_TYPE).send({ status: "500", message: "Internal Server Error" }),
  );
  const sender = new WebhookSender({
    apiBaseUrl: opts.apiBaseUrl,
    path: API_PATHS.gatewayWebhook("remita"),
    retryDelaysMs: opts.webhookRetryDelaysMs,
    log: app.log,
  });
  const gateway = new RemitaGateway(opts.credentials, new RemitaStore(), sender, modes, opts.notifyDelayMs);
  app.addHook("preClose", async () => {
    modes.releaseAll();
    sender.close();
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const clientError = clientErrorStatus(error) !== null;
    if (!clientError) request.log.error({ err: error }, "remita sandbox error");
    return reply
      .code(clientError ? 400 : 500)
      .type(JSON_TYPE)
      .send(
        clientError
          ? { status: REMITA_CODES.invalidRequest, message: "Invalid Request" }
          : { status: "500", message: "Internal Server Error" },
      );
  });

  app.post(`${REMITA_API_PATH}/merchant/api/paymentinit`, { config, preHandler: modes.guard }, async (request, reply) =>
    reply.type(JSON_TYPE).send(jsonp(gateway.paymentInit(request.headers.authorization, request.body))),
  );

  // GET …/{merchantId}/{rrr}/{hash}/status.reg and …/{merchantId}/{orderId}/{hash}/orderstatus.reg.
  // One wildcard route, read from the raw path: the 128-character hash is longer than the router's
  // path-parameter limit, and an order id may hold an encoded "/".
  app.get(`${REMITA_API_PATH}/*`, { config, preHandler: modes.guard }, async (request, reply) => {
    const query = parseStatusPath(request.url);
    if (!query) return reply.code(404).send({ status: REMITA_CODES.invalidRequest, message: "Invalid Request" });
    return gateway.status(query.params, request.headers.authorization, query.by);
  });

  await app.register(remitaWidgetRoutes, { gateway, config });
  await app.register(remitaControlRoutes, { gateway, config });
};
