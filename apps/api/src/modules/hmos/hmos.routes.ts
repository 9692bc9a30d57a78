import {
  API_PATHS,
  enrolmentInputSchema,
  enrolmentListSchema,
  enrolmentResponseSchema,
  hmoIdParamsSchema,
  hmoInputSchema,
  hmoListSchema,
  hmoPlanInputSchema,
  hmoPlanResponseSchema,
  hmoReceivablesSchema,
  hmoResponseSchema,
} from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationFailures } from "../../lib/route-schemas";
import { currentUser } from "../../plugins/access";
import type { HmosService } from "./hmos.service";

const security = [{ bearerAuth: [] }];
const STAFF = ["AGENT", "ADMIN", "SUPERADMIN"] as const;
const ADMINS = ["ADMIN", "SUPERADMIN"] as const;

/** HMOs and plans: every staff member reads them, admins register them; the desk enrols patients. */
export const hmosRoutes: FastifyPluginAsyncZod<{ hmos: HmosService }> = async (app, { hmos }) => {
  app.get(
    API_PATHS.staffHmos,
    {
      config: { access: [...STAFF] },
      schema: {
        tags: ["hmos"],
        summary: "The HMOs, by name, each with its plans and their coverage rules",
        security,
        response: { 200: hmoListSchema, ...operationFailures },
      },
    },
    async () => hmos.list(),
  );

  app.get(
    API_PATHS.staffHmoReceivables,
    {
      config: { access: [...ADMINS] },
      schema: {
        tags: ["hmos"],
        summary: "What each HMO owes: the HMO parts of its enrollees' final bills, by age (0-30, 31-60, 61-90, 90+ days)",
        security,
        response: { 200: hmoReceivablesSchema, ...operationFailures },
      },
    },
    async () => hmos.receivables(),
  );

  app.post(
    API_PATHS.staffHmos,
    {
      config: { access: [...ADMINS] },
      schema: {
        tags: ["hmos"],
        summary: "Register an HMO (audited): 409 when its name or NHIA code is registered already",
        security,
        body: hmoInputSchema,
        response: { 201: hmoResponseSchema, ...operationFailures },
      },
    },
    async (request, reply) => reply.code(201).send(await hmos.register(currentUser(request), request.body)),
  );

  app.post(
    API_PATHS.staffHmoPlans.route,
    {
      config: { access: [...ADMINS] },
      schema: {
        tags: ["hmos"],
        summary: "Add a plan to an HMO, with its shares and the rules for departments or services (audited)",
        security,
        params: hmoIdParamsSchema,
        body: hmoPlanInputSchema,
        response: { 201: hmoPlanResponseSchema, ...operationFailures },
      },
    },
    async (request, reply) => reply.code(201).send(await hmos.addPlan(currentUser(request), request.params.id, request.body)),
  );

  app.get(
    API_PATHS.staffPatientEnrolments.route,
    {
      config: { access: [...STAFF] },
      schema: {
        tags: ["hmos"],
        summary: "A patient's HMO enrolments, newest first, each saying whether it is valid today (WAT)",
        security,
        params: hmoIdParamsSchema,
        response: { 200: enrolmentListSchema, ...operationFailures },
      },
    },
    async (request) => hmos.enrolments(request.params.id),
  );

  app.post(
    API_PATHS.staffPatientEnrolments.route,
    {
      config: { access: [...STAFF] },
      schema: {
        tags: ["hmos"],
        summary: "Enrol a patient on an HMO plan for a span of days (audited): 409 when it overlaps another enrolment",
        security,
        params: hmoIdParamsSchema,
        body: enrolmentInputSchema,
        response: { 201: enrolmentResponseSchema, ...operationFailures },
      },
    },
    async (request, reply) => reply.code(201).send(await hmos.enrol(currentUser(request), request.params.id, request.body)),
  );
};
