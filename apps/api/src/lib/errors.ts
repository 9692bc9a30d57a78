/** Field errors in DRF's shape: field name → messages. */
export type FieldErrors = Record<string, string[]>;

/** An error the client is meant to see: status, stable code, a detail and optional field errors. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
    readonly fields: FieldErrors = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }

  /** The JSON body: `{detail, code, <field>: [messages]}`. */
  toBody(): Record<string, unknown> {
    return { detail: this.detail, code: this.code, ...this.fields };
  }
}

/** Named factories with stable codes, so every module raises the same errors the same way. */
export const errors = {
  validation: (fields: FieldErrors, detail = "Invalid input.") => new AppError(400, "invalid", detail, fields),
  badRequest: (detail: string, code = "bad_request") => new AppError(400, code, detail),
  notAuthenticated: () => new AppError(401, "not_authenticated", "Authentication credentials were not provided."),
  tokenInvalid: () => new AppError(401, "token_not_valid", "Your session has expired or was signed out. Please sign in again."),
  metricsTokenMissing: () =>
    new AppError(
      401,
      "not_authenticated",
      "The metrics endpoint needs Authorization: Bearer <METRICS_TOKEN>.",
      {},
      {
        "www-authenticate": 'Bearer realm="metrics"',
      },
    ),
  metricsTokenInvalid: () =>
    new AppError(
      401,
      "metrics_token_invalid",
      "The metrics token is not valid.",
      {},
      {
        "www-authenticate": 'Bearer realm="metrics", error="invalid_token"',
      },
    ),
  forbidden: (detail = "You do not have permission to perform this action.", code = "permission_denied") =>
    new AppError(403, code, detail),
  notFound: (detail = "Not found.") => new AppError(404, "not_found", detail),
  conflict: (detail: string, code = "conflict") => new AppError(409, code, detail),
  throttled: (seconds: number, detail?: string) =>
    new AppError(
      429,
      "throttled",
      detail ?? `Too many requests. Please wait ${seconds} seconds and try again.`,
      {},
      {
        "retry-after": String(seconds),
      },
    ),
  unavailable: (detail = "The service is temporarily unavailable. Please try again shortly.") =>
    new AppError(503, "unavailable", detail),
};

/** Zod issues as DRF field errors (`a.b.0`: [messages]), for bodies validated by hand (multipart). */
export function zodFieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) (fields[issue.path.map(String).join(".") || "non_field_errors"] ??= []).push(issue.message);
  return fields;
}

/** Whether a database error is a unique index refusing a second row (PostgreSQL's 23505, on both engines). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}
