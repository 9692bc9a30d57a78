import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { localeFromAcceptLanguage, type Locale } from "@hospipay/contract";

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's language: the first of ours in `Accept-Language` (the web app sends the chosen one), else English. */
    readonly locale: Locale;
  }
}

/** `request.locale`, read from the request's `Accept-Language` header when a route asks for it. */
export const localePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("locale", {
    getter(this: { headers: Record<string, string | string[] | undefined> }) {
      const header = this.headers["accept-language"];
      return localeFromAcceptLanguage(Array.isArray(header) ? header[0] : header);
    },
  });
});
