import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { isGatewayMode, GATEWAY_MODES, type GatewayModeSwitch } from "./gateway-mode";
import { isRecord } from "./input";

/** Control endpoints answer JSON `{error}` with a 4xx status when a test drives them wrongly. */
export function controlError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ error: message });
}

/** The 4xx status of a caller's mistake (bad body, unparsable JSON…), or null for a sandbox fault. */
export function clientErrorStatus(error: FastifyError): number | null {
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return error.statusCode;
  // A host app's own JSON parser may throw a bare SyntaxError on a malformed body.
  return error instanceof SyntaxError ? 400 : null;
}

/** Error handler for a plugin holding control routes: body parse errors and the like become `{error}`. */
export function useControlErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = clientErrorStatus(error) ?? 500;
    if (status === 500) request.log.error({ err: error }, "sandbox control error");
    return reply.code(status).send({ error: status === 500 ? "Sandbox error" : error.message });
  });
}

/** Registers `POST {path}` that sets a gateway's outage mode and `GET {path}` that reads it (and how many requests it holds). */
export function registerModeControl(
  app: FastifyInstance,
  path: string,
  modes: GatewayModeSwitch,
  config: Record<string, unknown>,
): void {
  app.get(path, { config }, async () => ({ mode: modes.mode, held: modes.held }));
  app.post(path, { config }, async (request, reply) => {
    const mode = isRecord(request.body) ? request.body.mode : undefined;
    if (!isGatewayMode(mode)) return controlError(reply, 400, `mode must be one of ${GATEWAY_MODES.join(", ")}`);
    modes.mode = mode;
    if (mode !== "timeout") modes.releaseAll();
    return { mode };
  });
}
