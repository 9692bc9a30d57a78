import { randomUUID } from "node:crypto";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "./db/database";
import { publicUrl, requestLogLevel, widgetScripts, type Env } from "./env";
import { frameworkErrors, registerErrorHandler } from "./lib/error-handler";
import { loggerOptions, RequestLogController } from "./lib/logger";
import type { App } from "./lib/module-context";
import { refuseUnstorableText } from "./lib/text-input";
import { accessPlugin } from "./plugins/access";
import { localePlugin } from "./plugins/locale";
import { rateLimitPolicies, rateLimitsPlugin } from "./plugins/rate-limits";
import { securityHeadersPlugin } from "./plugins/security-headers";
import { gatewayBrowserSources } from "./modules/gateways";
import type { TokenService, UsersRepository } from "./modules/accounts";

/** Trusts the nearest `hops` proxies (Fastify's numeric trustProxy, in the form its types accept). */
const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

/** The Fastify instance with its request ids, validation, error handler and the hooks every request passes. */
export function createServer(env: Env, logStream: NodeJS.WritableStream | undefined): App {
  const app = Fastify({
    logger: loggerOptions(env.LOG_LEVEL, logStream),
    logController: new RequestLogController(requestLogLevel(env)),
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 256 * 1024,
    // The client address the rate limits count: the socket's, unless a trusted proxy forwards it.
    trustProxy: typeof env.TRUST_PROXY === "number" ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  // The API reads JSON only; Fastify's default text/plain parser would hand a string to the body schema.
  app.removeContentTypeParser("text/plain");
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Hooks on every request take callbacks, not promises: nothing in them waits.
  app.addHook("onSend", (request, reply, payload, done) => {
    reply.header("x-request-id", request.id);
    done(null, payload);
  });
  registerErrorHandler(app);
  return app;
}

/** Before any schema or handler: text with U+0000 or a lone surrogate would fail in PostgreSQL as a 500. */
export function refuseUnstorableInput(app: App): void {
  app.addHook("preValidation", (request, _reply, done) => {
    try {
      refuseUnstorableText(request.params, "Invalid params parameters.");
      refuseUnstorableText(request.query, "Invalid query parameters.");
      refuseUnstorableText(request.body);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}

/** The app-wide plugins, before any route: security headers, the API document, locale, access, rate limits. */
export async function registerPlugins(
  app: App,
  { env, db, secret, tokens, users }: { env: Env; db: Database; secret: string; tokens: TokenService; users: UsersRepository },
): Promise<void> {
  // The gateways' inline scripts, the frames they open and the hosts they call.
  const gatewaySources = gatewayBrowserSources(Object.values(widgetScripts(env)));
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval': the receipt scanner compiles its QR decoder's WebAssembly (served by the app itself).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...gatewaySources.scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...gatewaySources.connectSrc],
        frameSrc: ["'self'", ...gatewaySources.frameSrc],
        // The web app's service worker (/sw.js) and install manifest (/manifest.webmanifest), both same-origin.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only means something over HTTPS; on a plain-HTTP address it would only confuse browsers.
    hsts: publicUrl(env).startsWith("https:") ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // The document maps every route and its inputs: for developers, not for whoever asks a production server.
  if (env.API_DOCS) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: "Hospipay API",
          version: "0.1.0",
          description: "Hospital payment wallet API (amounts are NGN decimal strings).",
        },
        components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: "/docs", staticCSP: true });
  }
  await app.register(localePlugin);
  await app.register(accessPlugin, { tokens, users });
  await app.register(rateLimitsPlugin, {
    db,
    secret,
    redisUrl: env.REDIS_URL,
    redisTimeoutMs: env.REDIS_TIMEOUT_MS,
    keyPrefix: env.RATE_LIMIT_KEY_PREFIX,
    policies: rateLimitPolicies(env),
  });
}
