import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { catalogueRoutes } from "./catalogue/catalogue.routes";
import { SANDBOX_CREDENTIALS, type SandboxCredentials } from "./credentials";
import { mailboxRoutes, type MailboxMessage } from "./mailbox/mailbox.routes";
import { monnifyRoutes } from "./monnify/monnify.routes";
import { paystackRoutes } from "./paystack/paystack.routes";
import { remitaRoutes } from "./remita/remita.routes";
import { phoneRoutes } from "./sms/phone.routes";
import { SmsStore, type SandboxSms } from "./sms/sms.store";
import { termiiRoutes } from "./sms/termii.routes";

export type { MailboxMessage, SandboxCredentials, SandboxSms };
export { SANDBOX_CREDENTIALS };
/** The simulated hospital catalogue (also used to generate realistic bulk data). */
export { buildCatalogue } from "./catalogue/catalogue-builder";

/** Delay between a simulated payment and its automatic webhook. */
export const DEFAULT_NOTIFY_DELAY_MS = 300;
/** Waits between automatic redeliveries of a webhook the API did not accept (3 retries). */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [250, 1_000, 4_000];

export interface SandboxOptions {
  mailbox: { list: (limit: number) => Promise<MailboxMessage[]> };
  /** Route config the host app puts on every sandbox route (its access declaration). */
  routeConfig: Record<string, unknown>;
  /**
   * Base URL of the API that receives the gateways' webhooks ({base}/api/express/webhooks/{gateway}/),
   * called at send time. Default: the address of the server this plugin is mounted on.
   */
  apiBaseUrl?: () => string;
  /** Keys the simulators check and sign with. Default: SANDBOX_CREDENTIALS. */
  credentials?: SandboxCredentials;
  /** Delay before a payment's automatic webhook. Default: 300 ms. */
  notifyDelayMs?: number;
  /** Waits between automatic redeliveries. Default: 250 ms, 1 s, 4 s. */
  webhookRetryDelaysMs?: readonly number[];
}

/** The URL the host server listens on, as a client on this machine reaches it. */
function listeningUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === "string")
    throw new Error("The server is not listening on a TCP port; pass apiBaseUrl to the sandbox");
  const host = address.address === "0.0.0.0" ? "127.0.0.1" : address.address === "::" ? "::1" : address.address;
  return `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
}

/**
 * Offline stand-ins for the outside parties, served under /sandbox/ by the API process: the mailbox,
 * the hospital catalogue provider (/sandbox/provider), the Remita, Monnify and Paystack gateways
 * (/sandbox/remita, /sandbox/monnify, /sandbox/paystack), and the SMS provider (Termii's API at
 * /sandbox/termii) with the phone page showing what it received (/sandbox/phone).
 */
export const sandboxPlugin: FastifyPluginAsync<SandboxOptions> = async (app, opts) => {
  const credentials = opts.credentials ?? SANDBOX_CREDENTIALS;
  const routeConfig = opts.routeConfig;
  const gateway = {
    routeConfig,
    apiBaseUrl: opts.apiBaseUrl ?? (() => listeningUrl(app)),
    notifyDelayMs: opts.notifyDelayMs ?? DEFAULT_NOTIFY_DELAY_MS,
    webhookRetryDelaysMs: opts.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  };
  await app.register(mailboxRoutes, { list: opts.mailbox.list, routeConfig });
  await app.register(catalogueRoutes, {
    prefix: "/sandbox/provider",
    routeConfig,
    token: credentials.catalogueToken,
    serviceTypeId: credentials.remita.serviceTypeId,
  });
  await app.register(remitaRoutes, { prefix: "/sandbox/remita", ...gateway, credentials: credentials.remita });
  await app.register(monnifyRoutes, { prefix: "/sandbox/monnify", ...gateway, credentials: credentials.monnify });
  await app.register(paystackRoutes, { prefix: "/sandbox/paystack", ...gateway, credentials: credentials.paystack });
  const sms = new SmsStore();
  await app.register(termiiRoutes, { prefix: "/sandbox/termii", store: sms, credentials: credentials.termii, routeConfig });
  await app.register(phoneRoutes, { store: sms, routeConfig });
};

export type BuildSandboxOptions = Partial<Omit<SandboxOptions, "apiBaseUrl">> & {
  /** Where webhooks go: the API under test. Required, since a standalone sandbox is not the API. */
  apiBaseUrl: () => string;
  logger?: boolean;
};

/**
 * A standalone sandbox server (no mailbox content, empty route config unless given), for tests that
 * run the sandbox on its own port: `const sandbox = buildSandboxServer({apiBaseUrl}); await sandbox.listen({port: 0})`.
 */
export function buildSandboxServer(options: BuildSandboxOptions): FastifyInstance {
  const { logger, mailbox, routeConfig, ...rest } = options;
  const app = Fastify({ logger: logger ?? false });
  void app.register(sandboxPlugin, { mailbox: mailbox ?? { list: async () => [] }, routeConfig: routeConfig ?? {}, ...rest });
  return app;
}
