import { vi } from "vitest";

/** What a mocked endpoint answers. `raw` sends a body verbatim (e.g. HTML or nothing). */
export interface MockReply {
  status?: number;
  body?: unknown;
  raw?: string;
  /** Never settles: lets a test look at the busy state. */
  hang?: boolean;
  /** Extra response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
}

/** One request as the app made it. */
export interface RecordedCall {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
  /** A multipart body as sent (FormData), for uploads. */
  formData: FormData | undefined;
}

type Handler = MockReply | ((call: RecordedCall) => MockReply | Promise<MockReply>);

/**
 * Replaces global fetch with a table of "METHOD /path/" → reply. Unlisted requests answer 404
 * `{detail: "Not found."}`. Every call is recorded for assertions.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const text = typeof init.body === "string" ? init.body : undefined;
    const call: RecordedCall = {
      method,
      path: url.pathname,
      url,
      headers: new Headers(init.headers),
      body: text ? (JSON.parse(text) as unknown) : undefined,
      formData: init.body instanceof FormData ? init.body : undefined,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const reply: MockReply =
      handler === undefined
        ? { status: 404, body: { detail: "Not found." } }
        : typeof handler === "function"
          ? await handler(call)
          : handler;
    if (reply.hang) return new Promise<Response>(() => undefined);
    const status = reply.status ?? 200;
    const payload = reply.raw !== undefined ? reply.raw : reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(status === 204 ? null : payload, {
      status,
      headers: { "Content-Type": "application/json", ...reply.headers },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    fetchMock,
    /** Calls to one endpoint, e.g. `callsTo("POST /auth/login/")`. */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}
