import type { Role } from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";
import type { UserRecord } from "../accounts";

/** An account as the super admin's staff management sees it. */
export interface ManagedUserRecord extends Pick<
  UserRecord,
  "id" | "email" | "firstName" | "lastName" | "phoneNumber" | "role" | "isActive"
> {
  createdAt: Date;
}

const COLUMNS = `id, email, first_name AS "firstName", last_name AS "lastName", phone_number AS "phoneNumber", role,
  is_active AS "isActive", created_at AS "createdAt"`;
/** A LIKE pattern that finds the text anywhere, its own `%`, `_` and `\` taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL for the accounts the super admin manages (the users table, every role). */
export class StaffAccountsRepository {
  constructor(private readonly db: Database) {}

  /**
   * A page of accounts, newest first, and how many match: of one role (or any), and whose e-mail or full
   * name contains `search` (or any).
   */
  async page(
    filter: { role: Role | null; search: string | null },
    limit: number,
    offset: number,
  ): Promise<{ count: number; rows: ManagedUserRecord[] }> {
    const where = `($1::text IS NULL OR role = $1) AND ($2::text IS NULL OR email ILIKE $2 OR (first_name || ' ' || last_name) ILIKE $2)`;
    const params = [filter.role, filter.search ? contains(filter.search) : null];
    const [count, rows] = await Promise.all([
      this.db.query<{ n: number }>(`SELECT count(*)::bigint AS n FROM users WHERE ${where}`, params),
      this.db.query<ManagedUserRecord>(
        `SELECT ${COLUMNS} FROM users WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
        [...params, limit, offset],
      ),
    ]);
    return { count: count.rows[0]?.n ?? 0, rows: rows.rows };
  }

  /** The account; with `lock`, its row stays locked until the transaction ends. */
  async find(id: number, q: Queryable = this.db, lock = false): Promise<ManagedUserRecord | null> {
    const { rows } = await q.query<ManagedUserRecord>(`SELECT ${COLUMNS} FROM users WHERE id = $1${lock ? " FOR UPDATE" : ""}`, [
      id,
    ]);
    return rows[0] ?? null;
  }

  /** Sets the account's role and whether it is active, and revokes every token issued before. */
  async setAccess(q: Queryable, id: number, access: { role: Role; isActive: boolean }): Promise<void> {
    await q.query(
      `UPDATE users SET role = $2, is_active = $3, token_version = token_version + 1, updated_at = now() WHERE id = $1`,
      [id, access.role, access.isActive],
    );
  }
}
