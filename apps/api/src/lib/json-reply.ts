import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

const gzipped = promisify(gzip);

/** Smaller answers are sent as they are: gzip would save less than it costs both ends. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Sends JSON text that is already written (by the database, or kept from an earlier answer; as a string
 * or as its UTF-8 bytes) as it is: the route's response schema serializer is for objects, and a string
 * or a Buffer with a JSON content type skips it. The caller answers for the text matching the route's
 * response schema; its tests parse answers with it.
 */
export function sendJsonText(reply: FastifyReply, json: string | Buffer): FastifyReply {
  // The route's typed reply names the text; its bytes are sent alike.
  return reply.type("application/json; charset=utf-8").send(json as string);
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
 * An answer kept to be sent many times (a catalogue list, a staff filter page): its JSON bytes, and
 * their gzip form, compressed once (off the event loop) the first time a client that takes gzip asks.
 * A browser on mobile data then gets a 40 KB page in about a tenth of the bytes, and the server pays for
 * the compression once per kept answer, not once per request.
 */
export class KeptJson {
  readonly bytes: Buffer;
  private compressed: Promise<Buffer | null> | null = null;

  constructor(json: string | Buffer) {
    this.bytes = typeof json === "string" ? Buffer.from(json) : json;
  }

  /** The gzip bytes, or null if they could not be made (the plain bytes are sent instead). */
  gzip(): Promise<Buffer | null> {
    return (this.compressed ??= gzipped(this.bytes).catch(() => null));
  }
}

/**
 * Sends a kept answer in the encoding the request takes: gzip when it accepts it and the answer is
 * worth compressing, else the plain bytes. `Vary: Accept-Encoding` tells caches the two apart.
 */
export async function sendKeptJson(request: FastifyRequest, reply: FastifyReply, kept: KeptJson): Promise<FastifyReply> {
  reply.header("vary", "accept-encoding");
  if (kept.bytes.length >= COMPRESS_FROM_BYTES && acceptsGzip(request.headers["accept-encoding"])) {
    const compressed = await kept.gzip();
    if (compressed) return sendJsonText(reply.header("content-encoding", "gzip"), compressed);
  }
  return sendJsonText(reply, kept.bytes);
}
