import type { FastifyReply } from "fastify";

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
