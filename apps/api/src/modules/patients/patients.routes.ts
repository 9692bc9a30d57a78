import {
  API_PATHS,
  patientCorrectionSchema,
  patientIdParamsSchema,
  patientInputSchema,
  patientListResponseSchema,
  patientResponseSchema,
  patientSchema,
  patientSearchQuerySchema,
} from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendKeptJson } from "../../lib/json-reply";
import { operationFailures } from "../../lib/route-schemas";
import { currentUser } from "../../plugins/access";
import type { PatientsService } from "./patients.service";

const security = [{ bearerAuth: [] }];
const STAFF = ["AGENT", "ADMIN", "SUPERADMIN"] as const;

/** The patient register: every staff member registers, finds and corrects patients (audited). */
export const patientsRoutes: FastifyPluginAsyncZod<{ patients: PatientsService }> = async (app, { patients }) => {
  app.post(
    API_PATHS.staffPatients,
    {
      config: { access: [...STAFF] },
      schema: {
        tags: ["patients"],
        summary: "Register a patient (audited): 409 when the hospital number (in any case) is registered already",
        security,
        body: patientInputSchema,
        response: { 201: patientResponseSchema, ...operationFailures },
      },
    },
    async (request, reply) => reply.code(201).send(await patients.register(currentUser(request), request.body)),
  );

  app.get(
    API_PATHS.staffPatients,
    {
      config: { access: [...STAFF] },
      schema: {
        tags: ["patients"],
        summary: "Find patients by any part of the hospital number or phone, or by names in any order with small typos",
        security,
        querystring: patientSearchQuerySchema,
        response: { 200: patientListResponseSchema, ...operationFailures },
      },
    },
    async (request, reply) => sendKeptJson(request, reply, await patients.search(request.query)),
  );

  app.get(
    API_PATHS.staffPatient.route,
    {
      config: { access: [...STAFF] },
      schema: {
        tags: ["patients"],
        summary: "One patient",
        security,
        params: patientIdParamsSchema,
        response: { 200: patientSchema, ...operationFailures },
      },
    },
    async (request) => patients.get(request.params.id),
  );

  app.patch(
    API_PATHS.staffPatient.route,
    {
      config: { access: [...STAFF] },
      schema: {
        tags: ["patients"],
        summary: "Correct a patient's details (audited, with what changed): 409 when the new hospital number is another's",
        security,
        params: patientIdParamsSchema,
        body: patientCorrectionSchema,
        response: { 200: patientResponseSchema, ...operationFailures },
      },
    },
    async (request) => patients.correct(currentUser(request), request.params.id, request.body),
  );
};
