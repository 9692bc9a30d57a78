import type { FastifyReply, FastifyRequest } from "fastify";

/** How a simulated gateway answers its protocol endpoints: normally, with a 500, or not at all. */
export type GatewayMode = "ok" | "error" | "timeout";
export const GATEWAY_MODES: readonly GatewayMode[] = ["ok", "error", "timeout"];

export const isGatewayMode = (value: unknown): value is GatewayMode => GATEWAY_MODES.includes(value as GatewayMode);

/** How long a "timeout" gateway keeps the caller waiting before giving up with a 504. */
const HANG_MS = 30_000;

/**
 * The outage switch of one simulator. `guard` is a preHandler for its protocol routes (never its
 * control routes): in "error" mode they answer 500 in the party's own shape, in "timeout" mode they
 * hold the connection for 30 s, until the caller hangs up, or until the sandbox closes.
 */
export class GatewayModeSwitch {
  mode: GatewayMode = "ok";
  private readonly waiting = new Set<() => void>();

  constructor(private readonly sendError: (reply: FastifyReply) => FastifyReply) {}

  readonly guard = async (_request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (this.mode === "error") return this.sendError(reply);
    if (this.mode !== "timeout") return undefined;
    reply.hijack();
    await this.hang(reply);
    const raw = reply.raw;
    if (!raw.destroyed && !raw.headersSent) {
      raw.writeHead(504, { "content-type": "application/json; charset=utf-8", connection: "close" });
      raw.end(JSON.stringify({ message: "Gateway Timeout" }));
    }
    return reply;
  };

  /** How many requests "timeout" mode is holding now. */
  get held(): number {
    return this.waiting.size;
  }

  /** Lets every held request go (on close, so shutdown never waits 30 s). */
  releaseAll(): void {
    for (const release of this.waiting) release();
    this.waiting.clear();
  }

  private hang(reply: FastifyReply): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        reply.raw.off("close", done);
        this.waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, HANG_MS);
      reply.raw.on("close", done);
      this.waiting.add(done);
    });
  }
}
