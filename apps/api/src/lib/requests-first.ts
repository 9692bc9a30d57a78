import type { Server, ServerResponse } from "node:http";

/**
 * Lets background work (re-queries of pending payments, mail) go between requests, so that a backlog of
 * it never slows the people being served. A worker asks for a turn before each unit of its work; the turn
 * is given at once while no request is being answered, else as soon as none is, and at the latest after
 * `maxWaitMs`: under constant load each worker still does one unit every `maxWaitMs`.
 *
 * A request counts from the moment the server receives it until its response is done or its connection
 * closes (the response's `close` event, which comes once in either case).
 */
export class RequestsFirst {
  private inFlight = 0;
  private readonly waiting = new Set<() => void>();

  constructor(private readonly maxWaitMs: number) {}

  /** Counts every request `server` receives. */
  watch(server: Server): void {
    server.on("request", (_request, response: ServerResponse) => this.track(response));
  }

  /** Counts one request until its response closes. */
  track(response: ServerResponse): void {
    this.inFlight += 1;
    response.once("close", this.answered);
  }

  /** How many requests are being answered now. */
  get busy(): number {
    return this.inFlight;
  }

  /** Resolves when background work may do its next unit (see the class). */
  turn(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const go = () => {
        clearTimeout(timer);
        this.waiting.delete(go);
        resolve();
      };
      const timer = setTimeout(go, this.maxWaitMs);
      this.waiting.add(go);
    });
  }

  private readonly answered = (): void => {
    this.inFlight -= 1;
    if (this.inFlight === 0) for (const go of [...this.waiting]) go();
  };
}

/** A pace that never waits: background work as fast as it goes (tests, tools). */
export const noWait = (): Promise<void> => Promise.resolve();
