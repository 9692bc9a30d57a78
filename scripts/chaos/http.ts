// HTTP as the chaos clients see it: every call has a hard timeout (a hang is a finding, not a wait),
// and every answer is recorded by kind with its status and latency.

export interface Answer {
  kind: string;
  /** HTTP status; 0 when the connection failed (refused, reset), -1 when no answer came within the timeout. */
  status: number;
  ms: number;
  at: number;
  body: unknown;
  text: string;
  error?: string;
}

export const isJsonWithDetail = (answer: Answer) =>
  typeof answer.body === "object" && answer.body !== null && typeof (answer.body as { detail?: unknown }).detail === "string";

export const field = <T = unknown>(answer: Answer, ...path: string[]): T | undefined => {
  let value: unknown = answer.body;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value as T | undefined;
};

export interface CallOptions {
  method?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** Every answer of one scenario, by kind. */
export class Traffic {
  readonly answers: Answer[] = [];

  constructor(private readonly keep: (answer: Answer) => boolean = () => true) {}

  async call(kind: string, url: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { accept: "application/json", ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const at = Date.now();
    const started = performance.now();
    let answer: Answer;
    try {
      const response = await fetch(url, {
        method: options.method ?? (options.body === undefined ? "GET" : "POST"),
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
      });
      const text = await response.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      answer = { kind, status: response.status, ms: performance.now() - started, at, body, text };
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      const cause =
        error instanceof Error ? ((error.cause as { code?: string } | undefined)?.code ?? error.message) : String(error);
      answer = {
        kind,
        status: timedOut ? -1 : 0,
        ms: performance.now() - started,
        at,
        body: undefined,
        text: "",
        error: timedOut ? "timeout" : cause,
      };
    }
    if (this.keep(answer)) this.answers.push(answer);
    return answer;
  }

  /** Requests, 5xx and latency percentiles per kind (answers with a status only). */
  summary(): Array<{ kind: string; requests: number; p50: number; p99: number; fivexx: number; failed: number }> {
    const kinds = [...new Set(this.answers.map((a) => a.kind))].sort();
    return kinds.map((kind) => {
      const mine = this.answers.filter((a) => a.kind === kind);
      const times = mine
        .filter((a) => a.status > 0)
        .map((a) => a.ms)
        .sort((a, b) => a - b);
      return {
        kind,
        requests: mine.length,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        fivexx: mine.filter((a) => a.status >= 500).length,
        failed: mine.filter((a) => a.status <= 0).length,
      };
    });
  }
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
