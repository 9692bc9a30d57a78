import type { FastifyBaseLogger } from "fastify";

/** One HTTP delivery of a notification, as the receiver answered it. */
export interface WebhookDelivery {
  /** 1 for the first try of a notification, 2… for its automatic retries. */
  attempt: number;
  at: string;
  url: string;
  /** Status the receiver answered; 0 when there was no answer (refused, timed out, no address). */
  status: number;
  /** The receiver's answer text (first 2,000 characters). */
  body: string;
  error?: string;
}

export interface WebhookSenderOptions {
  /** Base URL of the API, resolved at send time (its port may be known only after it listens). */
  apiBaseUrl: () => string;
  /** Path of the receiving webhook on the API, e.g. "/api/express/webhooks/remita/". */
  path: string;
  /** Waits between automatic retries; its length is the number of retries. */
  retryDelaysMs: readonly number[];
  log: FastifyBaseLogger;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;

/**
 * Sends notifications over real HTTP like a gateway does: the exact body text given (so a signature
 * made over it matches the bytes on the wire), retried with backoff until the receiver accepts.
 * Everything pending stops when the sandbox closes.
 */
export class WebhookSender {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly stop = new AbortController();

  constructor(private readonly options: WebhookSenderOptions) {}

  /** One POST of `body`; never throws. */
  async send(body: string, headers: Record<string, string>, attempt = 1): Promise<WebhookDelivery> {
    const at = new Date().toISOString();
    let url = "";
    try {
      url = `${this.options.apiBaseUrl().replace(/\/+$/, "")}${this.options.path}`;
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "hospipay-sandbox-webhooks/1.0", ...headers },
        body,
        signal: AbortSignal.any([this.stop.signal, AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS)]),
      });
      const text = await response.text();
      return { attempt, at, url, status: response.status, body: text.slice(0, 2_000) };
    } catch (error) {
      const reason =
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      return { attempt, at, url, status: 0, body: "", error: reason };
    }
  }

  /** Sends `times` copies, all at once or one after another, without retries (control endpoints). */
  async sendCopies(
    body: string,
    headers: Record<string, string>,
    times: number,
    concurrent: boolean,
  ): Promise<WebhookDelivery[]> {
    if (concurrent) return Promise.all(Array.from({ length: times }, () => this.send(body, headers)));
    const deliveries: WebhookDelivery[] = [];
    for (let i = 0; i < times; i += 1) deliveries.push(await this.send(body, headers));
    return deliveries;
  }

  /** Sends until `accepted(status)`, waiting between tries; each try is reported to `record`. */
  async sendUntilAccepted(
    body: string,
    headers: Record<string, string>,
    accepted: (status: number) => boolean,
    record: (delivery: WebhookDelivery) => void,
  ): Promise<void> {
    for (let attempt = 1; !this.stop.signal.aborted; attempt += 1) {
      const delivery = await this.send(body, headers, attempt);
      record(delivery);
      if (accepted(delivery.status)) return;
      const wait = this.options.retryDelaysMs[attempt - 1];
      if (wait === undefined) {
        this.options.log.warn(
          { url: delivery.url, status: delivery.status, error: delivery.error },
          "sandbox webhook not accepted; giving up",
        );
        return;
      }
      await this.sleep(wait);
    }
  }

  /** Runs `task` after `delayMs` unless the sandbox closes first. */
  later(delayMs: number, task: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      task().catch((error: unknown) => this.options.log.error({ err: error }, "sandbox webhook task failed"));
    }, delayMs);
    this.timers.add(timer);
  }

  /** Cancels scheduled notifications and aborts those in flight. */
  close(): void {
    this.stop.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
      this.stop.signal.addEventListener("abort", () => resolve(), { once: true });
    });
  }
}
