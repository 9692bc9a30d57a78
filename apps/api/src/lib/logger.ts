import type { FastifyServerOptions } from "fastify";

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
