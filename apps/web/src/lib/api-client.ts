import { getToken } from "./session/token";
import { getApiLocale } from "../i18n/locale-store";
import { t } from "../i18n";
import { libMessages } from "./messages";

/**
 * The one API client: it alone knows the base URL, adds the bearer token to
 * authenticated calls, and turns every failure into an ApiError.
 */

/** Same origin unless VITE_API_BASE_URL names another one (no trailing slash needed). */
const BASE_URL = (import.meta.env.VITE_API_BASE_URL ?? "").replace(/\/+$/, "");

/** A failed call: HTTP status (0 when the network failed), the server's general message and field messages. */
export class ApiError extends Error {
  /** HTTP status, or 0 when no answer arrived. */
  readonly status: number;
  /** The server's general message (`detail`), if it sent one. */
  readonly detail: string | undefined;
  /** A stable machine code such as "email_not_verified", if sent. */
  readonly code: string | undefined;
  /** Messages per field, from every `"<field>": ["msg", …]` key of the body (and a nested `errors` object). */
  readonly fieldErrors: Record<string, string[]>;
  /** Seconds the server asked to wait (Retry-After of a 429 or 503), when it said so and the browser let us read it. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, body?: unknown, retryAfter?: string | null) {
    const parsed = parseErrorBody(body);
    super(parsed.detail ?? t(libMessages.requestFailed, { status: String(status) }));
    this.name = "ApiError";
    this.status = status;
    this.detail = parsed.detail;
    this.code = parsed.code;
    this.fieldErrors = parsed.fieldErrors;
    this.retryAfterSeconds = parseRetryAfter(retryAfter);
  }

  /** The first message for a field, if any. */
  fieldError(field: string): string | undefined {
    return this.fieldErrors[field]?.[0];
  }
}

/** True for a call that got no answer at all (offline, the server unreachable): not a refusal by the server. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** Retry-After as whole seconds from now: either a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/**
 * Reads a DRF-style error body: `{"detail": "…", "code": "…", "<field>": ["msg", …]}`. Every key
 * whose value is a list of strings is a field error; `errors: {field: [msg]}` (the API's validation failures) is
 * read too. Anything else (HTML, empty, a bare string) yields no detail and no field errors.
 */
export function parseErrorBody(body: unknown): Pick<ApiError, "detail" | "code" | "fieldErrors"> {
  const fieldErrors: Record<string, string[]> = {};
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return { detail: undefined, code: undefined, fieldErrors };
  const record = body as Record<string, unknown>;
  const collect = (source: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(source)) {
      if (isStringArray(value) && value.length > 0) fieldErrors[key] = value;
    }
  };
  collect(record);
  if (typeof record.errors === "object" && record.errors !== null && !Array.isArray(record.errors)) {
    collect(record.errors as Record<string, unknown>);
  }
  // `detail` and DRF's `non_field_errors` are general messages, not fields of a form.
  const detailList = fieldErrors.detail ?? fieldErrors.non_field_errors;
  delete fieldErrors.errors;
  delete fieldErrors.detail;
  delete fieldErrors.non_field_errors;
  const detail = typeof record.detail === "string" && record.detail.trim() !== "" ? record.detail : detailList?.[0];
  const code = typeof record.code === "string" ? record.code : undefined;
  return { detail, code, fieldErrors };
}

/** Options of one call. */
export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** JSON-encoded unless it is FormData. */
  body?: unknown;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | undefined>;
  /** Sends `Authorization: Bearer <token>`; public calls never send it (SPEC §6). */
  auth?: boolean;
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Builds the URL of an API path with its query string. */
export function apiUrl(path: string, query?: RequestOptions["query"]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${BASE_URL}${path}${search ? `?${search}` : ""}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Calls the API and returns the parsed JSON answer (undefined for an empty one).
 * Throws ApiError for a non-2xx answer or a network failure (status 0).
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers(options.headers);
  headers.set("Accept", "application/json");
  // The chosen language, so that what the server writes later (e-mail, SMS) is in it too.
  headers.set("Accept-Language", getApiLocale());
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.body);
  }
  if (options.auth) {
    const token = getToken();
    if (!token) throw new ApiError(401);
    headers.set("Authorization", `Bearer ${token}`);
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method: options.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0);
  }

  const data = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, data, response.headers.get("retry-after"));
  return data as T;
}

/** Shorthands for the common verbs. */
export const api = {
  get: <T = unknown>(path: string, options: Omit<RequestOptions, "method" | "body"> = {}) =>
    apiRequest<T>(path, { ...options, method: "GET" }),
  post: <T = unknown>(path: string, body?: unknown, options: Omit<RequestOptions, "method" | "body"> = {}) =>
    apiRequest<T>(path, { ...options, method: "POST", body }),
  put: <T = unknown>(path: string, body?: unknown, options: Omit<RequestOptions, "method" | "body"> = {}) =>
    apiRequest<T>(path, { ...options, method: "PUT", body }),
};

/** The server's general message of a failure, or the screen's fallback text. */
export function errorDetail(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}

/**
 * GET of a file that needs the bearer token (a stored KYC document): the answer as a Blob, so that
 * the screen can open it through an object URL. Failures are ApiErrors like every other call.
 */
export async function apiBlob(path: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  const token = getToken();
  if (!token) throw new ApiError(401);
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: "GET",
      headers: { Authorization: `Bearer ${token}` },
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0);
  }
  if (!response.ok) throw new ApiError(response.status, await readBody(response));
  return response.blob();
}
