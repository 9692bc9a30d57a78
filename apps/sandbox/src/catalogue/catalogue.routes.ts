import { ORGANISATION_ID } from "@hospipay/contract";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { safeEqual } from "../lib/crypto";
import { firstQueryValue, isRecord } from "../lib/input";
import { buildCatalogue } from "./catalogue-builder";
import { CatalogueStore, PROVIDER_MODES, type ProviderMode } from "./catalogue.store";

export interface CatalogueOptions {
  routeConfig: Record<string, unknown>;
  /** The provider token, checked in the path and as a bearer token. */
  token: string;
  /** Remita service type put on every service record. */
  serviceTypeId: string;
}

type Query = Record<string, unknown>;

/**
 * The hospital catalogue provider for organisation 203 (register with prefix /sandbox/provider):
 * GET /api/get/203/{token}[?query=&department_id=], GET /api/get/203/{departmentId}/hospital-revenuehead
 * (Bearer token), and POST /_control {mode}.
 */
export const catalogueRoutes: FastifyPluginAsync<CatalogueOptions> = async (app, opts) => {
  const store = new CatalogueStore(buildCatalogue(opts.serviceTypeId));
  const config = opts.routeConfig;
  const base = `/api/get/${ORGANISATION_ID}`;

  /** Answers for an outage or a bad token; undefined when the request may be served. */
  function refuse(reply: FastifyReply, token: string | undefined): FastifyReply | undefined {
    if (store.mode === "down") return reply.code(503).send({ success: false, message: "Service Unavailable" });
    if (!token || !safeEqual(token, opts.token)) return reply.code(401).send({ success: false, message: "Invalid token" });
    if (store.mode === "error") return reply.send({ success: false, message: "Provider error" });
    return undefined;
  }

  app.get<{ Params: { token: string }; Querystring: Query }>(`${base}/:token`, { config }, async (request, reply) => {
    const refused = refuse(reply, request.params.token);
    if (refused) return refused;
    const { query, department_id: departmentId } = request.query;
    if (query !== undefined || departmentId !== undefined) {
      return { success: true, data: store.search(firstQueryValue(query), firstQueryValue(departmentId)) };
    }
    return { success: true, data: { orgDepts: store.departments(), orgRevenueHeads: store.services() } };
  });

  app.get<{ Params: { departmentId: string } }>(
    `${base}/:departmentId/hospital-revenuehead`,
    { config },
    async (request, reply) => {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
      const refused = refuse(reply, match?.[1]);
      if (refused) return refused;
      return { success: true, data: store.byDepartment(request.params.departmentId) };
    },
  );

  app.get("/_control", { config }, async () => ({ mode: store.mode }));

  app.post("/_control", { config }, async (request, reply) => {
    const mode = isRecord(request.body) ? request.body.mode : undefined;
    if (!PROVIDER_MODES.includes(mode as ProviderMode)) {
      return reply.code(400).send({ error: `mode must be one of ${PROVIDER_MODES.join(", ")}` });
    }
    store.mode = mode as ProviderMode;
    return { mode: store.mode };
  });
};
