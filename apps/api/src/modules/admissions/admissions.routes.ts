import {
  API_PATHS,
  admissionAnswerSchema,
  admissionDetailSchema,
  admissionIdParamsSchema,
  admissionLinesInputSchema,
  admissionListQuerySchema,
  admissionListSchema,
  admitInputSchema,
  depositRefundPaidSchema,
  dischargeInputSchema,
} from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationFailures } from "../../lib/route-schemas";
import { currentUser } from "../../plugins/access";
import type { AdmissionsService } from "./admissions.service";

const security = [{ bearerAuth: [] }];
const STAFF = ["AGENT", "ADMIN", "SUPERADMIN"] as const;
const ADMINS = ["ADMIN", "SUPERADMIN"] as const;
const tags = ["admissions"];

/** Stays in the wards: the ward staff admit and add lines; an officer discharges (it may give money back). */
export const admissionsRoutes: FastifyPluginAsyncZod<{ admissions: AdmissionsService }> = async (app, { admissions }) => {
  app.get(
    API_PATHS.staffAdmissions,
    {
      config: { access: [...STAFF] },
      schema: {
        tags,
        summary: "Patients in the wards (oldest stay first) with their deposits and charges, or ?status=discharged",
        security,
        querystring: admissionListQuerySchema,
        response: { 200: admissionListSchema, ...operationFailures },
      },
    },
    async (request) => admissions.list(request.query.status === "current"),
  );

  app.post(
    API_PATHS.staffAdmissions,
    {
      config: { access: [...STAFF] },
      schema: {
        tags,
        summary: "Admit a register patient: a running bill the stay's lines go on and deposits are paid to (audited)",
        security,
        body: admitInputSchema,
        response: { 201: admissionAnswerSchema, ...operationFailures },
      },
    },
    async (request, reply) => reply.code(201).send(await admissions.admit(currentUser(request), request.body)),
  );

  app.get(
    API_PATHS.staffAdmission.route,
    {
      config: { access: [...STAFF] },
      schema: {
        tags,
        summary: "A stay with its bill's lines, deposits and waivers",
        security,
        params: admissionIdParamsSchema,
        response: { 200: admissionDetailSchema, ...operationFailures },
      },
    },
    async (request) => admissions.detail(request.params.id),
  );

  app.post(
    API_PATHS.staffAdmissionLines.route,
    {
      config: { access: [...STAFF] },
      schema: {
        tags,
        summary: "Add lines (ward days, drugs, tests) to a stay's running bill, priced from the catalogue (audited)",
        security,
        params: admissionIdParamsSchema,
        body: admissionLinesInputSchema,
        response: { 200: admissionAnswerSchema, ...operationFailures },
      },
    },
    async (request) => admissions.addLines(currentUser(request), request.params.id, request.body),
  );

  app.post(
    API_PATHS.dischargeAdmission.route,
    {
      config: { access: [...ADMINS] },
      schema: {
        tags,
        summary:
          "Discharge: the deposits applied, the excess given back (to the wallets they came from, or by refund), the bill final when covered (audited)",
        security,
        params: admissionIdParamsSchema,
        body: dischargeInputSchema,
        response: { 200: admissionAnswerSchema, ...operationFailures },
      },
    },
    async (request) => admissions.discharge(currentUser(request), request.params.id, request.body),
  );

  app.post(
    API_PATHS.admissionRefundPaid.route,
    {
      config: { access: [...ADMINS] },
      schema: {
        tags,
        summary: "Record the bank transfer that paid a discharged stay's excess deposit back to its payers (audited)",
        security,
        params: admissionIdParamsSchema,
        body: depositRefundPaidSchema,
        response: { 200: admissionAnswerSchema, ...operationFailures },
      },
    },
    async (request) => admissions.refundPaid(currentUser(request), request.params.id, request.body),
  );
};
