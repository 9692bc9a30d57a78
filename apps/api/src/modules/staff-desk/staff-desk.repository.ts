import type { Role } from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";

/** A staff member's desk rights, with who they are; nothing granted when a super admin never set them. */
export interface StaffDeskRecord {
  userId: number;
  name: string;
  role: Role;
  departments: string[];
  collectsMoney: boolean;
  givesItems: boolean;
  waiverLimitKobo: number | null;
  updatedAt: Date | null;
}

export interface StaffDeskRights {
  departments: string[];
  collectsMoney: boolean;
  givesItems: boolean;
  waiverLimitKobo: number | null;
}

/** SQL for staff_desks: one row per member whose desk a super admin set. */
export class StaffDeskRepository {
  constructor(private readonly db: Database) {}

  /** The account's desk (nothing granted without a row), or null when there is no such account. */
  async find(userId: number, q: Queryable = this.db): Promise<StaffDeskRecord | null> {
    const { rows } = await q.query<StaffDeskRecord>(
      `SELECT u.id AS "userId", btrim(u.first_name || ' ' || u.last_name) AS name, u.role,
              coalesce(d.departments, '{}') AS departments, coalesce(d.collects_money, false) AS "collectsMoney",
              coalesce(d.gives_items, false) AS "givesItems", d.waiver_limit_kobo AS "waiverLimitKobo",
              d.updated_at AS "updatedAt"
       FROM users u LEFT JOIN staff_desks d ON d.user_id = u.id
       WHERE u.id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /** Replaces the member's desk rights. */
  async save(q: Queryable, userId: number, rights: StaffDeskRights, by: number): Promise<void> {
    await q.query(
      `INSERT INTO staff_desks (user_id, departments, collects_money, gives_items, waiver_limit_kobo, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE SET departments = EXCLUDED.departments, collects_money = EXCLUDED.collects_money,
         gives_items = EXCLUDED.gives_items, waiver_limit_kobo = EXCLUDED.waiver_limit_kobo,
         updated_by = EXCLUDED.updated_by, updated_at = clock_timestamp()`,
      [userId, rights.departments, rights.collectsMoney, rights.givesItems, rights.waiverLimitKobo, by],
    );
  }
}
