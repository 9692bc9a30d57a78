import {
  API_PATHS,
  createStaffSchema,
  managedUserResponseSchema,
  updateUserSchema,
  userListQuerySchema,
  userListResponseSchema,
} from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { operationFailures } from "../../lib/route-schemas";
import { currentUser } from "../../plugins/access";
import type { StaffAccountsService } from "./staff-accounts.service";

const security = [{ bearerAuth: [] }];
const superAdmins = { access: ["SUPERADMIN"] as const };

/** The super admin's staff management. */
export const staffAccountsRoutes: FastifyPluginAsyncZod<{ staffAccounts: StaffAccountsService }> = async (
  app,
  { staffAccounts },
) => {
  app.get(
    API_PATHS.staffUsers,
    {
      config: superAdmins,
      schema: {
        tags: ["staff accounts"],
        summary: "Accounts, newest first, by role and by a search in e-mail or name",
        security,
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, ...operationFailures },
      },
    },
    async (request) => staffAccounts.list(request.query),
  );

  app.post(
    API_PATHS.staffUsers,
    {
      config: superAdmins,
      schema: {
        tags: ["staff accounts"],
        summary: "Create a staff account; the new member sets a password through an e-mailed link",
        security,
        body: createStaffSchema,
        response: { 201: managedUserResponseSchema, ...operationFailures },
      },
    },
    async (request, reply) => reply.code(201).send(await staffAccounts.create(currentUser(request), request.body)),
  );

  app.patch(
    API_PATHS.staffUser.route,
    {
      config: superAdmins,
      schema: {
        tags: ["staff accounts"],
        summary: "Change a staff member's role, or deactivate / reactivate an account (revokes its sessions)",
        security,
        params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        body: updateUserSchema,
        response: { 200: managedUserResponseSchema, ...operationFailures },
      },
    },
    async (request) => staffAccounts.update(currentUser(request), request.params.id, request.body),
  );
};
