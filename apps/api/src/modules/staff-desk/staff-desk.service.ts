import {
  koboToDecimal,
  nairaToKobo,
  STAFF_DESK_MESSAGES,
  STAFF_ROLES,
  formatNaira,
  type StaffDesk,
  type StaffDeskInput,
} from "@hospipay/contract";
import type { Database } from "../../db/database";
import type { AuthUser } from "../../lib/auth-user";
import { errors } from "../../lib/errors";
import type { AuditRepository } from "../audit";
import type { StaffDeskRecord, StaffDeskRepository } from "./staff-desk.repository";

export interface StaffDeskDeps {
  db: Database;
  desks: StaffDeskRepository;
  audit: AuditRepository;
}

const NOT_FOUND = "User not found.";
const isStaff = (role: string) => (STAFF_ROLES as readonly string[]).includes(role);

const deskView = (row: StaffDeskRecord): StaffDesk => ({
  user_id: row.userId,
  name: row.name,
  role: row.role,
  departments: row.departments,
  collects_money: row.collectsMoney,
  gives_items: row.givesItems,
  waiver_limit: row.waiverLimitKobo === null ? null : koboToDecimal(row.waiverLimitKobo),
  updated_at: row.updatedAt ? row.updatedAt.toISOString() : null,
});

/** In words, for the audit log: "Laboratory, Pharmacy; collects money; gives items; waivers up to ₦5,000.00". */
function rightsInWords(desk: StaffDeskRecord): string {
  return [
    desk.departments.length > 0 ? desk.departments.join(", ") : "no department",
    desk.collectsMoney ? "collects money" : "collects no money",
    desk.givesItems ? "gives items" : "gives no items",
    desk.waiverLimitKobo === null ? "approves no waiver" : `waivers up to ${formatNaira(desk.waiverLimitKobo)}`,
  ].join("; ");
}

/** Staff members' desk rights: read by the member and by super admins, set by super admins (audited). */
export class StaffDeskService {
  constructor(private readonly deps: StaffDeskDeps) {}

  /** A staff member's desk; 404 for a customer or no account. */
  async get(userId: number): Promise<StaffDesk> {
    const row = await this.deps.desks.find(userId);
    if (!row || !isStaff(row.role)) throw errors.notFound(NOT_FOUND);
    return deskView(row);
  }

  /** Replaces a staff member's desk rights, and records the change in the audit log, in one transaction. */
  async set(admin: AuthUser, userId: number, input: StaffDeskInput): Promise<{ detail: string; desk: StaffDesk }> {
    const { db, desks, audit } = this.deps;
    const desk = await db.transaction(async (tx) => {
      const before = await desks.find(userId, tx);
      if (!before) throw errors.notFound(NOT_FOUND);
      if (!isStaff(before.role)) throw errors.validation({ user: [STAFF_DESK_MESSAGES.notStaff] });
      await desks.save(
        tx,
        userId,
        {
          departments: input.departments,
          collectsMoney: input.collects_money,
          givesItems: input.gives_items,
          waiverLimitKobo: input.waiver_limit === null ? null : nairaToKobo(input.waiver_limit),
        },
        admin.id,
      );
      const after = (await desks.find(userId, tx))!;
      await audit.record(tx, {
        actor: admin,
        action: "staff.desk_set",
        targetType: "user",
        targetId: userId,
        summary: `Set ${after.name}'s desk: ${rightsInWords(after)} (was: ${rightsInWords(before)})`,
        details: { before: deskView(before), after: deskView(after) },
      });
      return deskView(after);
    });
    return { detail: STAFF_DESK_MESSAGES.updated, desk };
  }
}
