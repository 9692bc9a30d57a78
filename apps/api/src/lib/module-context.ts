import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../db/database";
import type { Env } from "../env";
import type { JobLeases } from "./job-leases";

/** The API's Fastify instance, its schemas read by Zod. */
export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** What the whole process shares, handed to every module's `register(ctx, deps)`. */
export interface BaseContext {
  app: App;
  db: Database;
  env: Env;
  log: FastifyBaseLogger;
  /** The web app's public address, for links in mail and SMS. */
  publicUrl: string;
  /** Signs access tokens and the links mailed to users. */
  secret: string;
  /** Waits for background work's turn: requests go first (RequestsFirst.turn). */
  backgroundTurn: () => Promise<void>;
  /** The leases of the housekeeping jobs this process may hold. */
  jobLeases: JobLeases;
}

export interface ModuleContext extends BaseContext {
  /** Called after each commit that queued mail or SMS, so they leave at once. */
  mailQueued: () => void;
}

/** The payments worker as the modules whose sweeps it runs see it (reserved accounts, KYC holds). */
export interface SweepHost {
  alsoSweep(name: string, run: () => Promise<unknown>): void;
}
