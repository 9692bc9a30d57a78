import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";

/** Query parameters whose values never reach a log line. */
const SECRET_PARAMS = new Set(["token", "code", "digit", "email", "password", "access"]);

/** The URL with secret query values masked (reset links carry their token in the query). */
export function maskUrl(url: string): string {
  const q = url.indexOf("?");
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_PARAMS.has(key.toLowerCase())) params.set(key, "***");
  return `${url.slice(0, q)}?${params.toString()}`;
}

/**
 * Structured JSON logs (pino) with the request id on every line. Bodies are never logged, and
 * authorization headers, cookies and secret-looking fields are redacted wherever they appear.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "*.password",
        "*.new_password",
        "*.old_password",
        "*.code",
        "*.token",
        "*.access",
      ],
      censor: "[redacted]",
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: maskUrl(request.url), ip: request.ip };
      },
    },
  };
}

/** A pino level a request line may be written at. */
export type RequestLogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace";

/**
 * Fastify's per-request log lines ("incoming request", "request completed") at `level` instead of info: at
 * debug they stay out of a console at info, while a request that errored is still written at error, and
 * warnings and errors about a request still show.
 */
export class RequestLogController extends LogController {
  constructor(private readonly level: RequestLogLevel) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log[this.level]({ req: request }, "incoming request");
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
    else reply.log[this.level]({ res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
}
