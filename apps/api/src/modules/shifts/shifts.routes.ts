import {
  API_PATHS,
  closeShiftSchema,
  drawerSignoffSchema,
  openShiftSchema,
  dailySummaryQuerySchema,
  dailySummarySchema,
  shiftIdParamsSchema,
  shiftListQuerySchema,
  shiftListResponseSchema,
  shiftResponseSchema,
  shiftSchema,
} from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationFailures } from "../../lib/route-schemas";
import { currentUser } from "../../plugins/access";
import { dailySummaryCsv, type ShiftsService } from "./shifts.service";

const security = [{ bearerAuth: [] }];
const STAFF = ["AGENT", "ADMIN", "SUPERADMIN"] as const;
const ADMINS = ["ADMIN", "SUPERADMIN"] as const;

/** Staff shifts: open, see and close one's own; admins list every shift and read a day's summary. */
export const shiftsRoutes: FastifyPluginAsyncZod<{ shifts: ShiftsService }> = async (app, { shifts }) => {
  app.post(
    API_PATHS.staffShifts,
    {
      config: { access: [...STAFF] },
      schema: {
        tags: ["shifts"],
        summary: "Open the caller's shift with its cash drawer's float (audited): 409 while one of theirs is open",
        security,
        body: openShiftSchema,
        response: { 201: shiftResponseSchema, ...operationFailures },
      },
    },
    async (request, reply) => reply.code(201).send(await shifts.open(currentUser(request), request.body)),
  );

  app.get(
    API_PATHS.staffShifts,
    {
      config: { access: [...ADMINS] },
      schema: {
        tags: ["shifts"],
        summary: "Every shift, newest first, by the WAT day it opened and the staff member; paged",
        security,
        querystring: shiftListQuerySchema,
        response: { 200: shiftListResponseSchema, ...operationFailures },
      },
    },
    async (request) => shifts.list(request.query),
  );

  app.get(
    API_PATHS.currentShift,
    {
      config: { access: [...STAFF] },
      schema: {
        tags: ["shifts"],
        summary: "The caller's open shift with its live report; 404 when none is open",
        security,
        response: { 200: shiftSchema, ...operationFailures },
      },
    },
    async (request) => shifts.current(currentUser(request)),
  );

  app.get(
    API_PATHS.shiftsDaily,
    {
      config: { access: [...ADMINS] },
      schema: {
        tags: ["shifts"],
        summary: "Everybody's WAT day (today when no date): money received by method, bill lines and items given by department",
        security,
        querystring: dailySummaryQuerySchema,
        response: { 200: dailySummarySchema, ...operationFailures },
      },
    },
    async (request) => shifts.daily(request.query.date),
  );

  app.get(
    API_PATHS.shiftsDailyExport,
    {
      config: { access: [...ADMINS] },
      schema: {
        tags: ["shifts"],
        summary: "The daily summary as CSV (text/csv)",
        security,
        querystring: dailySummaryQuerySchema,
      },
    },
    async (request, reply) => {
      const summary = await shifts.daily(request.query.date);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="shifts-${summary.date}.csv"`)
        .header("cache-control", "private, no-store")
        .send(dailySummaryCsv(summary));
    },
  );

  app.get(
    API_PATHS.staffShift.route,
    {
      config: { access: [...STAFF] },
      schema: {
        tags: ["shifts"],
        summary: "A shift with its report (live while open, as at its close once closed): the caller's own, any for an admin",
        security,
        params: shiftIdParamsSchema,
        response: { 200: shiftSchema, ...operationFailures },
      },
    },
    async (request) => shifts.get(currentUser(request), request.params.id),
  );

  app.post(
    API_PATHS.closeShift.route,
    {
      config: { access: [...STAFF] },
      schema: {
        tags: ["shifts"],
        summary:
          "Close a shift with a note and its drawer's count by denomination (audited), storing its report as it stands; a variance beyond the limit waits for an admin's sign-off; 409 when already closed",
        security,
        params: shiftIdParamsSchema,
        body: closeShiftSchema,
        response: { 200: shiftResponseSchema, ...operationFailures },
      },
    },
    async (request) => shifts.close(currentUser(request), request.params.id, request.body),
  );

  app.post(
    API_PATHS.signoffShift.route,
    {
      config: { access: [...ADMINS] },
      schema: {
        tags: ["shifts"],
        summary:
          "Sign off a drawer count that waits (the shift closes with it) or send it back to be counted again (audited); never one's own count",
        security,
        params: shiftIdParamsSchema,
        body: drawerSignoffSchema,
        response: { 200: shiftResponseSchema, ...operationFailures },
      },
    },
    async (request) => shifts.signoff(currentUser(request), request.params.id, request.body),
  );
};
