import type { AuditAction, Role } from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";
import { createdUsOf, instantOfUs, type KeysetPosition } from "../../lib/paging";

/** One staff action, as the service doing it records it. */
export interface AuditRecord {
  actor: { id: number; role: Role };
  action: AuditAction;
  targetType:
    | "invoice"
    | "refund"
    | "user"
    | "kyc"
    | "kyc_hold"
    | "bill"
    | "shift"
    | "patient"
    | "pos_settlement"
    | "hmo"
    | "hmo_plan"
    | "hmo_claim"
    | "admission"
    | "settlement";
  targetId: string | number;
  summary: string;
  details?: Record<string, unknown>;
}

export interface AuditFilter {
  action: string | null;
  actor: string | null;
  from: Date | null;
  to: Date | null;
}

export interface AuditRow {
  id: number;
  createdAt: Date;
  /** created_at to the microsecond, for the next page's cursor. */
  createdUs: number;
  actorId: number;
  actorRole: string;
  actorName: string;
  actorEmail: string;
  action: AuditAction;
  targetType: string;
  targetId: string;
  summary: string;
  details: Record<string, unknown>;
}

const WHERE = `($1::text IS NULL OR a.action = $1)
  AND ($2::text IS NULL OR u.email ILIKE $2 OR (u.first_name || ' ' || u.last_name) ILIKE $2)
  AND ($3::timestamptz IS NULL OR a.created_at >= $3) AND ($4::timestamptz IS NULL OR a.created_at < $4)`;

/** Escapes LIKE's wildcards so a search for "a_b" means exactly that. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const params = (f: AuditFilter) => [f.action, f.actor ? contains(f.actor) : null, f.from, f.to];

/**
 * The append-only audit log. `record` is always called with the transaction that does the action,
 * so an action and its trace commit or roll back together; the table refuses updates and deletes.
 */
export class AuditRepository {
  constructor(private readonly db: Database) {}

  async record(q: Queryable, entry: AuditRecord): Promise<void> {
    await q.query(
      `INSERT INTO audit_log (actor_id, actor_role, action, target_type, target_id, summary, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        entry.actor.id,
        entry.actor.role,
        entry.action,
        entry.targetType,
        String(entry.targetId),
        entry.summary,
        JSON.stringify(entry.details ?? {}),
      ],
    );
  }

  async count(filter: AuditFilter): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      `SELECT count(*)::bigint AS n FROM audit_log a JOIN users u ON u.id = a.actor_id WHERE ${WHERE}`,
      params(filter),
    );
    return rows[0]?.n ?? 0;
  }

  /** Newest first, after the (created_at, id) of the cursor. */
  async page(filter: AuditFilter, after: KeysetPosition | null, limit: number): Promise<AuditRow[]> {
    const { rows } = await this.db.query<AuditRow>(
      `SELECT a.id, a.created_at AS "createdAt", ${createdUsOf("a.created_at")} AS "createdUs", a.actor_id AS "actorId", a.actor_role AS "actorRole",
         u.first_name || ' ' || u.last_name AS "actorName", u.email AS "actorEmail", a.action,
         a.target_type AS "targetType", a.target_id AS "targetId", a.summary, a.details
       FROM audit_log a JOIN users u ON u.id = a.actor_id
       WHERE ${WHERE} AND ($5::bigint IS NULL OR (a.created_at, a.id) < (${instantOfUs("$5")}, $6))
       ORDER BY a.created_at DESC, a.id DESC LIMIT $7`,
      [...params(filter), after?.createdUs ?? null, after?.id ?? 0, limit],
    );
    return rows;
  }
}
