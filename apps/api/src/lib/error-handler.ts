import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { DatabaseUnavailableError } from "../db/database";
import { AppError, errors, type FieldErrors } from "./errors";

const PARSE_ERRORS: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: "Malformed JSON request body." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: "The request body is empty; a JSON object was expected." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, detail: "Unsupported media type; send application/json." },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: "The request body is too large." },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, detail: "Invalid Content-Length header." },
};

function fieldErrorsFromValidation(error: FastifyError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.validation ?? []) {
    const key = issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || "non_field_errors";
    const message = issue.message ?? "Invalid value.";
    (fields[key] ??= []).push(message);
  }
  return fields;
}

/**
 * One error handler for the whole API: validation failures become 400 with DRF-style field errors,
 * body parsing failures a clear 4xx, known AppErrors their own status, and anything else a 500 whose
 * message never reaches the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const fields = fieldErrorsFromValidation(error);
      const where = error.validationContext === "querystring" ? "query" : (error.validationContext ?? "body");
      const detail = where === "body" ? "Invalid input." : `Invalid ${where} parameters.`;
      return reply.code(400).send({ detail, code: "invalid", ...fields });
    }
    const parse = error.code ? PARSE_ERRORS[error.code] : undefined;
    if (parse) {
      return reply.code(parse.status).send({ detail: parse.detail, code: "parse_error", non_field_errors: [parse.detail] });
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({ detail: "Too many requests. Please wait a minute and try again.", code: "throttled" });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ detail: error.message, code: error.code ?? "bad_request" });
    }
    if (error instanceof DatabaseUnavailableError) {
      // The database server restarts or is out of reach: transient, so the client is told to retry.
      request.log.warn({ err: error }, "database unavailable");
      return reply.code(503).header("retry-after", "5").send(errors.unavailable().toBody());
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send({ detail: "A server error occurred. Please try again.", code: "server_error" });
  });
}

/**
 * Fastify's own errors raised before any route is found (a badly escaped URL) bypass the error
 * handler; this answers them in the same JSON shape as every other client error.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === "FST_ERR_BAD_URL") {
    void reply.code(400).send({ detail: "Malformed request URL.", code: "bad_url" });
    return;
  }
  // A path segment longer than the router's limit (100 characters): Fastify's own status, in our shape.
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    void reply.code(414).send({ detail: "The request URL is too long.", code: "url_too_long" });
    return;
  }
  request.log.error({ err: error }, "unhandled framework error");
  void reply.code(500).send({ detail: "A server error occurred. Please try again.", code: "server_error" });
}
