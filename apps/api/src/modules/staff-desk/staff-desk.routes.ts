import {
  API_PATHS,
  myDeskSchema,
  staffDeskInputSchema,
  staffDeskResponseSchema,
  staffDeskSchema,
  type DeskHospital,
} from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { operationFailures } from "../../lib/route-schemas";
import { currentUser } from "../../plugins/access";
import type { StaffDeskService } from "./staff-desk.service";

const security = [{ bearerAuth: [] }];
const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * Desk rights: each staff member reads their own, with the hospital their slips are printed for; super admins
 * read and set anyone's (audited).
 */
export const staffDeskRoutes: FastifyPluginAsyncZod<{ desks: StaffDeskService; hospital: DeskHospital }> = async (
  app,
  { desks, hospital },
) => {
  app.get(
    API_PATHS.myDesk,
    {
      config: { access: ["AGENT", "ADMIN", "SUPERADMIN"] as const },
      schema: {
        tags: ["staff desk"],
        summary:
          "The signed-in staff member's desk rights (departments, collecting money, giving items, waiver limit) and the hospital's name and address their printed slips carry",
        security,
        response: { 200: myDeskSchema, ...operationFailures },
      },
    },
    async (request) => ({ ...(await desks.get(currentUser(request).id)), hospital }),
  );

  app.get(
    API_PATHS.staffDesk.route,
    {
      config: { access: ["SUPERADMIN"] as const },
      schema: {
        tags: ["staff desk"],
        summary: "A staff member's desk rights (nothing granted until a super admin sets them)",
        security,
        params,
        response: { 200: staffDeskSchema, ...operationFailures },
      },
    },
    async (request) => desks.get(request.params.id),
  );

  app.put(
    API_PATHS.staffDesk.route,
    {
      config: { access: ["SUPERADMIN"] as const },
      schema: {
        tags: ["staff desk"],
        summary: "Set a staff member's departments, whether they collect money and give items, and their waiver limit (audited)",
        security,
        params,
        body: staffDeskInputSchema,
        response: { 200: staffDeskResponseSchema, ...operationFailures },
      },
    },
    async (request) => desks.set(currentUser(request), request.params.id, request.body),
  );
};
