import type { FastifyPluginAsync } from "fastify";
import { mailboxRoutes, type MailboxMessage } from "./mailbox/mailbox.routes";

export type { MailboxMessage };

export interface SandboxOptions {
  mailbox: { list: (limit: number) => Promise<MailboxMessage[]> };
  /** Route config the host app puts on every sandbox route (its access declaration). */
  routeConfig: Record<string, unknown>;
}

/** Offline stand-ins for the outside parties, served under /sandbox/ by the API process. */
export const sandboxPlugin: FastifyPluginAsync<SandboxOptions> = async (app, opts) => {
  await app.register(mailboxRoutes, { list: opts.mailbox.list, routeConfig: opts.routeConfig });
};
