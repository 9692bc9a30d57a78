import { API_PATHS, auditLogQuerySchema, auditLogResponseSchema, errorResponseSchema } from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { decodeCursor, nextPageLink, watDays } from "../../lib/paging";
import type { AuditRepository } from "./audit.repository";

const failures = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** The audit log, read and filtered by super admins. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditRepository }> = async (app, { audit }) => {
  app.get(
    API_PATHS.auditLog,
    {
      config: { access: ["SUPERADMIN"] },
      schema: {
        tags: ["staff accounts"],
        summary: "Every staff action, newest first, by action, actor and WAT days; cursor paged",
        security: [{ bearerAuth: [] }],
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { cursor, page_size: size, ...query } = request.query;
      const filter = { action: query.action ?? null, actor: query.actor || null, ...watDays(query.start_date, query.end_date) };
      const after = cursor ? decodeCursor(cursor) : null;
      const [count, page] = await Promise.all([audit.count(filter), audit.page(filter, after, size + 1)]);
      const shown = page.slice(0, size);
      const last = shown[shown.length - 1];
      return {
        count,
        next: page.length > size && last ? nextPageLink(API_PATHS.auditLog, query, last, size) : null,
        results: shown.map((row) => ({
          id: row.id,
          created_at: row.createdAt.toISOString(),
          actor: { id: row.actorId, name: row.actorName, email: row.actorEmail, role: row.actorRole },
          action: row.action,
          target_type: row.targetType,
          target_id: row.targetId,
          summary: row.summary,
          details: row.details,
        })),
      };
    },
  );
};
