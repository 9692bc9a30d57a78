import type { FastifyReply } from "fastify";

/**
 * Sends JSON text that is already written (by the database, or kept from an earlier answer) as it is: the
 * route's response schema serializer is for objects, and a string with a JSON content type skips it. The
 * caller answers for the text matching the route's response schema; its tests parse answers with it.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(json);
}
