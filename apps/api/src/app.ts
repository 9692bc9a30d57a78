import { randomUUID } from "node:crypto";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { sandboxPlugin } from "@hospipay/sandbox";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "./db/database";
import { publicUrl, type Env } from "./env";
import { frameworkErrors, registerErrorHandler } from "./lib/error-handler";
import { loggerOptions } from "./lib/logger";
import { randomToken } from "./lib/crypto";
import { accessPlugin } from "./plugins/access";
import { accountsRoutes } from "./modules/accounts/accounts.routes";
import { AccountsService } from "./modules/accounts/accounts.service";
import { TokenService } from "./modules/accounts/tokens";
import { UsersRepository } from "./modules/accounts/users.repository";
import { VerificationRepository } from "./modules/accounts/verification.repository";
import { healthRoutes } from "./modules/health/health.routes";
import { MailRepository } from "./modules/mail/mail.repository";
import { MailWorker } from "./modules/mail/mail.worker";
import { sandboxTransport, smtpTransport } from "./modules/mail/transports";
import { profileRoutes } from "./modules/profile/profile.routes";
import { ProfileService } from "./modules/profile/profile.service";
import { registerWebApp } from "./modules/web/web.routes";

/** Everything a running API holds: the HTTP app, its services and its background workers. */
export interface AppContext {
  app: FastifyInstance;
  db: Database;
  env: Env;
  services: { accounts: AccountsService; profiles: ProfileService; tokens: TokenService };
  repositories: { users: UsersRepository; mail: MailRepository; verification: VerificationRepository };
  mailWorker: MailWorker;
}

/** The signing secret: JWT_SECRET, or one generated once and kept in the database for every process. */
async function signingSecret(db: Database, env: Env): Promise<string> {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  await db.query(`INSERT INTO app_secrets (name, value) VALUES ('jwt', $1) ON CONFLICT (name) DO NOTHING`, [randomToken(48)]);
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'jwt'`);
  const secret = rows[0]?.value;
  if (!secret) throw new Error("could not load the signing secret");
  return secret;
}

/** Builds the API on a migrated database. The caller starts the worker and listens. */
export async function buildApp(env: Env, db: Database, options: { logStream?: NodeJS.WritableStream } = {}): Promise<AppContext> {
  const app = Fastify({
    logger: loggerOptions(env.LOG_LEVEL, options.logStream),
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 256 * 1024,
    trustProxy: false,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  // The API reads JSON only; Fastify's default text/plain parser would hand a string to the body schema.
  app.removeContentTypeParser("text/plain");
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  registerErrorHandler(app);

  const secret = await signingSecret(db, env);
  const users = new UsersRepository(db);
  const verification = new VerificationRepository(db);
  const mail = new MailRepository(db);
  const tokens = new TokenService(secret, env.ACCESS_TOKEN_TTL_SECONDS);
  const transport = env.SMTP_URL ? smtpTransport(env.SMTP_URL, env.MAIL_FROM) : sandboxTransport();
  const mailWorker = new MailWorker(mail, transport, app.log, env.MAIL_POLL_INTERVAL_MS);
  const mailQueued = () => mailWorker.kick();
  const accounts = new AccountsService({ db, users, verification, mail, tokens, secret, publicUrl: publicUrl(env), mailQueued });
  const profiles = new ProfileService({ db, users, mail, tokens, mailQueued });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only means something over HTTPS; on a plain-HTTP address it would only confuse browsers.
    hsts: publicUrl(env).startsWith("https:") ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: "Hospipay API", version: "0.1.0", description: "Hospital payment wallet API (amounts are NGN decimal strings)." },
      components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/docs", staticCSP: true });
  await app.register(accessPlugin, { tokens, users });

  const authRateLimit = { max: env.AUTH_RATE_LIMIT_MAX, timeWindow: env.AUTH_RATE_LIMIT_WINDOW_MS };
  await app.register(healthRoutes, { db });
  await app.register(accountsRoutes, { accounts, profiles, rateLimit: authRateLimit });
  await app.register(profileRoutes, { profiles, rateLimit: authRateLimit });
  if (env.SANDBOX) {
    await app.register(sandboxPlugin, {
      mailbox: { list: (limit) => mail.listSandboxMail(limit) },
      routeConfig: { access: "public" },
    });
  }
  await registerWebApp(app, env.WEB_DIST_DIR);

  return {
    app,
    db,
    env,
    services: { accounts, profiles, tokens },
    repositories: { users, mail, verification },
    mailWorker,
  };
}
