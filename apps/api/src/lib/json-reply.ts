import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

const gzipped = promisify(gzip);

/** Smaller answers are sent as they are: gzip would save less than it costs both ends. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Sends JSON text that is already written (by the database) as it is: the route's response schema
 * serializer is for objects, and a string with a JSON content type skips it. The caller answers for the
 * text matching the route's response schema; its tests parse answers with it.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(json);
}

/**
 * Whether an Accept-Encoding header takes gzip (RFC 9110 §12.5.3): named with a weight above 0, or
 * left to `*` with one. No header, or `identity` alone, means the bytes as they are.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let any = false;
  for (const part of header.split(",")) {
    const [coding = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (coding === "gzip" || coding === "x-gzip") return accepted;
    if (coding === "*") any = accepted;
  }
  return any;
}

/**
 * An onSend hook for routes with large JSON answers (a catalogue list, a staff filter page): a 200 answer
 * of at least COMPRESS_FROM_BYTES goes gzipped (off the event loop) to a client that takes gzip, so a
 * browser on mobile data gets a 40 KB page in about a tenth of the bytes; anything else goes as it is.
 * `Vary: Accept-Encoding` tells caches the two apart.
 */
export async function gzipLargeJson(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 200) return payload;
  reply.header("vary", "accept-encoding");
  if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
  if (Buffer.byteLength(payload) < COMPRESS_FROM_BYTES || !acceptsGzip(request.headers["accept-encoding"])) return payload;
  try {
    const compressed = await gzipped(payload);
    reply.header("content-encoding", "gzip");
    return compressed;
  } catch {
    // The plain bytes are still a whole answer.
    return payload;
  }
}
