import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";
import type { Bindings, ChildLoggerOptions, LogFn } from "pino";

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

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";

/**
 * A request's logger that becomes the request's pino child (with its request id) on its first line
 * written, not when the request arrives. Above `info` (at `warn`, say) a request that goes well writes no
 * line, and a pino child costs its bindings serialized (and redacted) for each one. A line below the level
 * is dropped without making the child; what is written is the same line the child would write.
 */
class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger & { isLevelEnabled(level: string): boolean },
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  /** Writes a line at `level` through the child, made now if need be; a line below the level makes none. */
  write(level: Level, args: Parameters<LogFn>): void {
    if (this.made || this.parent.isLevelEnabled(level)) (this.real()[level] as (...a: Parameters<LogFn>) => void)(...args);
  }

  get level(): string {
    return this.made ? this.made.level : this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  declare silent: LogFn;

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

// On the prototype, so a request's logger is one small object, not one with seven closures.
for (const level of ["fatal", "error", "warn", "info", "debug", "trace"] as const) {
  RequestLogger.prototype[level] = function (this: RequestLogger, ...args: Parameters<LogFn>) {
    this.write(level, args);
  } as LogFn;
}
RequestLogger.prototype.silent = (() => undefined) as LogFn;

/**
 * Fastify's childLoggerFactory: each request's logger, made lazily (RequestLogger). A route with a log
 * level or serializers of its own gets its pino child at once, as Fastify would make it.
 */
export const requestLoggerFactory: NonNullable<FastifyServerOptions["childLoggerFactory"]> = (logger, bindings, options) =>
  options.level !== undefined || options.serializers !== undefined
    ? logger.child(bindings, options)
    : new RequestLogger(logger as FastifyBaseLogger & { isLevelEnabled(level: string): boolean }, bindings, options);
