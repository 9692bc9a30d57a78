import type { SettlingGateway } from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";
import { watDateSql } from "../../db/wat-sql";
import type { GatewaySettlement } from "../gateways";

/** A settlement as recorded, with what matched our payments (migration 0037). */
export interface RecordedSettlement {
  id: number;
  /** Of its lines: what settled payments of ours (split by whether their payment was written off as missing), and what named none. */
  matchedKobo: number;
  writtenOffKobo: number;
  unmatchedKobo: number;
}

/** One gateway's day of the month, in kobo. */
export interface SettlementDayRow {
  day: string;
  gateway: SettlingGateway;
  payments: number;
  collected: number;
  settled: number;
  fees: number;
  awaiting: number;
  missing: number;
  explained: number;
  writtenOff: number;
  unmatched: number;
  open: number;
}

export interface DifferenceRow {
  id: number | null;
  kind: "missing" | "unmatched" | "awaiting";
  gateway: SettlingGateway;
  day: string;
  invoiceReference: string | null;
  gatewayReference: string | null;
  amountKobo: number;
  status: "open" | "awaiting" | "explained" | "write_off_pending" | "written_off";
  explanation: string | null;
  explainedBy: string | null;
  decidedBy: string | null;
  decisionNote: string | null;
}

export interface DifferenceRecord {
  id: number;
  gateway: SettlingGateway;
  kind: "missing" | "unmatched";
  day: string;
  amountKobo: number;
  status: "explained" | "write_off_pending" | "written_off";
  explainedBy: number;
  invoiceId: number | null;
  reference: string;
}

/**
 * The payments each settling gateway's clearing account counted (debits of `clearing:{gateway}` by invoice), with
 * the WAT day the ledger counted them, from `$1` to `$2`: what the settlements are matched against.
 */
const COLLECTED = `
  SELECT e.invoice_id, substr(a.code, 10) AS gateway, sum(p.amount_kobo)::bigint AS kobo, ${watDateSql("min(e.created_at)")} AS day
  FROM postings p
  JOIN ledger_accounts a ON a.id = p.account_id
  JOIN journal_entries e ON e.id = p.entry_id
  WHERE a.code = ANY ($3::text[]) AND p.amount_kobo > 0 AND e.invoice_id IS NOT NULL
    AND e.created_at >= $1::timestamptz AND e.created_at < $2::timestamptz
  GROUP BY e.invoice_id, a.code`;

const SETTLING_ACCOUNTS = ["clearing:paystack", "clearing:monnify"];

/** The WAT month's bounds as instants: its first day's midnight and the next month's. */
function monthBounds(month: string): [string, string] {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
  return [`${month}-01T00:00:00+01:00`, `${next}-01T00:00:00+01:00`];
}

/** SQL for gateway settlements, their lines, the differences officers explained, and closed months. */
export class SettlementsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Writes a settlement and its lines, each matched to our payment by the gateway's reference (or ours); null when
   * the gateway's settlement was recorded already.
   */
  async insert(q: Queryable, settlement: GatewaySettlement): Promise<RecordedSettlement | null> {
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO gateway_settlements (gateway, settlement_ref, settled_on, gross_kobo, fees_kobo, net_kobo)
       VALUES ($1, $2, $3::date, $4, $5, $6) ON CONFLICT (gateway, settlement_ref) DO NOTHING RETURNING id`,
      [
        settlement.gateway,
        settlement.reference,
        settlement.settledOn,
        settlement.grossKobo,
        settlement.feesKobo,
        settlement.netKobo,
      ],
    );
    const id = rows[0]?.id;
    if (id === undefined) return null;
    const lines = settlement.lines;
    // A payment already settled by another settlement is not matched twice (the line then names none).
    const { rows: totals } = await q.query<{ matched: number; writtenOff: number; unmatched: number }>(
      `WITH given AS (
         SELECT t.ref, t.ours, t.amount, t.fee FROM unnest($2::text[], $3::text[], $4::bigint[], $5::bigint[]) AS t(ref, ours, amount, fee)
       ), found AS (
         -- Each by a unique index: the gateway's reference, else ours.
         SELECT g.ref, g.amount, g.fee, coalesce(
           (SELECT gp.invoice_id FROM gateway_payments gp WHERE gp.gateway = $6 AND gp.gateway_reference = g.ref),
           (SELECT i.id FROM invoices i JOIN gateway_payments gp ON gp.invoice_id = i.id AND gp.gateway = $6 WHERE i.reference = g.ours)
         ) AS candidate
         FROM given g
       ), matched AS (
         SELECT f.ref, f.amount, f.fee,
           CASE WHEN NOT EXISTS (SELECT 1 FROM gateway_settlement_lines l WHERE l.invoice_id = f.candidate) THEN f.candidate END
             AS invoice_id
         FROM found f
       ), written AS (
         INSERT INTO gateway_settlement_lines (settlement_id, gateway_reference, amount_kobo, fee_kobo, invoice_id)
         SELECT $1, m.ref, m.amount, m.fee, m.invoice_id FROM matched m
         RETURNING invoice_id, amount_kobo
       )
       SELECT
         coalesce(sum(w.amount_kobo) FILTER (WHERE w.invoice_id IS NOT NULL AND d.id IS NULL), 0)::bigint AS matched,
         coalesce(sum(w.amount_kobo) FILTER (WHERE w.invoice_id IS NOT NULL AND d.id IS NOT NULL), 0)::bigint AS "writtenOff",
         coalesce(sum(w.amount_kobo) FILTER (WHERE w.invoice_id IS NULL), 0)::bigint AS unmatched
       FROM written w
       LEFT JOIN settlement_differences d ON d.invoice_id = w.invoice_id AND d.kind = 'missing' AND d.status = 'written_off'`,
      [
        id,
        lines.map((line) => line.gatewayReference),
        lines.map((line) => line.reference),
        lines.map((line) => line.amountKobo),
        lines.map((line) => line.feeKobo),
        settlement.gateway,
      ],
    );
    const row = totals[0]!;
    return { id, matchedKobo: Number(row.matched), writtenOffKobo: Number(row.writtenOff), unmatchedKobo: Number(row.unmatched) };
  }

  /** The month's days by gateway: payments counted in clearing against what was settled of them, and the differences. */
  async days(month: string, today: string, windowDays: number): Promise<SettlementDayRow[]> {
    const [from, to] = monthBounds(month);
    const { rows } = await this.db.query<SettlementDayRow>(
      `WITH collected AS (${COLLECTED}),
       paid AS (
         SELECT c.gateway, c.day, c.kobo, l.amount_kobo AS settled, l.fee_kobo AS fee, d.status AS explained
         FROM collected c
         LEFT JOIN gateway_settlement_lines l ON l.invoice_id = c.invoice_id
         LEFT JOIN settlement_differences d ON d.invoice_id = c.invoice_id AND d.kind = 'missing'
       ), by_payment AS (
         SELECT gateway, day, count(*)::int AS payments, sum(kobo)::bigint AS collected,
           coalesce(sum(settled), 0)::bigint AS settled, coalesce(sum(fee), 0)::bigint AS fees,
           coalesce(sum(kobo) FILTER (WHERE settled IS NULL AND day > $4::date - $5::int), 0)::bigint AS awaiting,
           coalesce(sum(kobo) FILTER (WHERE settled IS NULL AND day <= $4::date - $5::int), 0)::bigint AS missing,
           coalesce(sum(kobo) FILTER (WHERE settled IS NULL AND explained IN ('explained', 'write_off_pending')), 0)::bigint AS explained,
           coalesce(sum(kobo) FILTER (WHERE settled IS NULL AND explained = 'written_off'), 0)::bigint AS "writtenOff",
           count(*) FILTER (WHERE settled IS NULL AND (explained IS NULL OR explained = 'write_off_pending'))::int AS open
         FROM paid GROUP BY gateway, day
       ), unmatched AS (
         SELECT s.gateway, s.settled_on AS day, sum(l.amount_kobo)::bigint AS unmatched,
           count(*) FILTER (WHERE d.id IS NULL OR d.status = 'write_off_pending')::int AS open
         FROM gateway_settlements s JOIN gateway_settlement_lines l ON l.settlement_id = s.id
         LEFT JOIN settlement_differences d ON d.kind = 'unmatched' AND d.settlement_id = l.settlement_id
           AND d.gateway_reference = l.gateway_reference
         WHERE l.invoice_id IS NULL AND s.settled_on >= ${watDateSql("$1::timestamptz")}
           AND s.settled_on < ${watDateSql("$2::timestamptz")}
         GROUP BY s.gateway, s.settled_on
       )
       SELECT to_char(coalesce(p.day, u.day), 'YYYY-MM-DD') AS day, coalesce(p.gateway, u.gateway) AS gateway,
         coalesce(p.payments, 0) AS payments, coalesce(p.collected, 0) AS collected, coalesce(p.settled, 0) AS settled,
         coalesce(p.fees, 0) AS fees, coalesce(p.awaiting, 0) AS awaiting, coalesce(p.missing, 0) AS missing,
         coalesce(p.explained, 0) AS explained, coalesce(p."writtenOff", 0) AS "writtenOff",
         coalesce(u.unmatched, 0)::bigint AS unmatched, (coalesce(p.open, 0) + coalesce(u.open, 0))::int AS open
       FROM by_payment p FULL JOIN unmatched u ON u.gateway = p.gateway AND u.day = p.day
       ORDER BY 1, 2`,
      [from, to, SETTLING_ACCOUNTS, today, windowDays],
    );
    return rows.map((row) => ({
      ...row,
      collected: Number(row.collected),
      settled: Number(row.settled),
      fees: Number(row.fees),
      awaiting: Number(row.awaiting),
      missing: Number(row.missing),
      explained: Number(row.explained),
      writtenOff: Number(row.writtenOff),
      unmatched: Number(row.unmatched),
    }));
  }

  /** What gateways with no settlement report (Remita) collected in the month. */
  async unreported(month: string): Promise<Array<{ gateway: string; payments: number; collected: number }>> {
    const [from, to] = monthBounds(month);
    const { rows } = await this.db.query<{ gateway: string; payments: number; collected: number }>(
      `WITH collected AS (${COLLECTED})
       SELECT gateway, count(*)::int AS payments, sum(kobo)::bigint AS collected FROM collected GROUP BY gateway ORDER BY gateway`,
      [from, to, ["clearing:remita"]],
    );
    return rows.map((row) => ({ ...row, collected: Number(row.collected) }));
  }

  /** The month's differences: payments not settled (awaiting or missing) and settled transactions naming none of ours. */
  async differences(
    month: string,
    today: string,
    windowDays: number,
    filter: { gateway: SettlingGateway | null; day: string | null; limit: number },
  ): Promise<DifferenceRow[]> {
    const [from, to] = monthBounds(month);
    const { rows } = await this.db.query<DifferenceRow>(
      `WITH collected AS (${COLLECTED}),
       unsettled AS (
         SELECT d.id, CASE WHEN c.day > $4::date - $5::int THEN 'awaiting' ELSE 'missing' END AS kind, c.gateway,
           c.day, i.reference AS "invoiceReference", gp.gateway_reference AS "gatewayReference", c.kobo AS "amountKobo",
           coalesce(d.status, CASE WHEN c.day > $4::date - $5::int THEN 'awaiting' ELSE 'open' END) AS status,
           d.explanation, d.explained_by, d.decided_by, d.decision_note
         FROM collected c JOIN invoices i ON i.id = c.invoice_id LEFT JOIN gateway_payments gp ON gp.invoice_id = i.id
         LEFT JOIN settlement_differences d ON d.invoice_id = c.invoice_id AND d.kind = 'missing'
         WHERE NOT EXISTS (SELECT 1 FROM gateway_settlement_lines l WHERE l.invoice_id = c.invoice_id)
       ), unmatched AS (
         SELECT d.id, 'unmatched' AS kind, s.gateway, s.settled_on AS day, NULL::text AS "invoiceReference",
           l.gateway_reference AS "gatewayReference", l.amount_kobo AS "amountKobo", coalesce(d.status, 'open') AS status,
           d.explanation, d.explained_by, d.decided_by, d.decision_note
         FROM gateway_settlements s JOIN gateway_settlement_lines l ON l.settlement_id = s.id
         LEFT JOIN settlement_differences d ON d.kind = 'unmatched' AND d.settlement_id = l.settlement_id
           AND d.gateway_reference = l.gateway_reference
         WHERE l.invoice_id IS NULL AND s.settled_on >= ${watDateSql("$1::timestamptz")}
           AND s.settled_on < ${watDateSql("$2::timestamptz")}
       ), all_rows AS (SELECT * FROM unsettled UNION ALL SELECT * FROM unmatched)
       SELECT r.id::int, r.kind, r.gateway, to_char(r.day, 'YYYY-MM-DD') AS day, r."invoiceReference", r."gatewayReference",
         r."amountKobo"::bigint AS "amountKobo", r.status, r.explanation,
         eu.first_name || ' ' || eu.last_name AS "explainedBy", du.first_name || ' ' || du.last_name AS "decidedBy",
         r.decision_note AS "decisionNote"
       FROM all_rows r LEFT JOIN users eu ON eu.id = r.explained_by LEFT JOIN users du ON du.id = r.decided_by
       WHERE ($6::text IS NULL OR r.gateway = $6) AND ($7::date IS NULL OR r.day = $7::date)
       ORDER BY r.day, r.gateway, r.kind, r."amountKobo" DESC LIMIT $8`,
      [from, to, SETTLING_ACCOUNTS, today, windowDays, filter.gateway, filter.day, filter.limit],
    );
    return rows.map((row) => ({ ...row, amountKobo: Number(row.amountKobo) }));
  }

  /** How many of the month's differences are open (not explained, or a write-off waiting), awaiting settlement included. */
  async openCount(month: string, today: string, windowDays: number): Promise<number> {
    const days = await this.days(month, today, windowDays);
    return days.reduce((sum, day) => sum + day.open, 0);
  }

  /**
   * A payment of ours through `gateway` that its clearing account counted and no settlement holds: its invoice, the
   * amount and the WAT day it was counted; null when there is none such.
   */
  async unsettledPayment(q: Queryable, gateway: SettlingGateway, reference: string) {
    const { rows } = await q.query<{ invoiceId: number; kobo: number; day: string }>(
      `SELECT e.invoice_id AS "invoiceId", sum(p.amount_kobo)::bigint AS kobo, to_char(${watDateSql("min(e.created_at)")}, 'YYYY-MM-DD') AS day
       FROM invoices i JOIN journal_entries e ON e.invoice_id = i.id JOIN postings p ON p.entry_id = e.id
       JOIN ledger_accounts a ON a.id = p.account_id
       WHERE i.reference = $2 AND a.code = 'clearing:' || $1 AND p.amount_kobo > 0
         AND NOT EXISTS (SELECT 1 FROM gateway_settlement_lines l WHERE l.invoice_id = i.id)
       GROUP BY e.invoice_id`,
      [gateway, reference],
    );
    const row = rows[0];
    return row ? { ...row, kobo: Number(row.kobo) } : null;
  }

  /** A settled transaction of `gateway` that names no payment of ours, by its reference (the latest such). */
  async unmatchedLine(q: Queryable, gateway: SettlingGateway, reference: string) {
    const { rows } = await q.query<{ settlementId: number; kobo: number; day: string }>(
      `SELECT l.settlement_id AS "settlementId", l.amount_kobo AS kobo, to_char(s.settled_on, 'YYYY-MM-DD') AS day
       FROM gateway_settlement_lines l JOIN gateway_settlements s ON s.id = l.settlement_id
       WHERE s.gateway = $1 AND l.gateway_reference = $2 AND l.invoice_id IS NULL ORDER BY l.settlement_id DESC LIMIT 1`,
      [gateway, reference],
    );
    const row = rows[0];
    return row ? { ...row, kobo: Number(row.kobo) } : null;
  }

  async insertDifference(
    q: Queryable,
    difference: {
      gateway: SettlingGateway;
      kind: "missing" | "unmatched";
      invoiceId: number | null;
      settlementId: number | null;
      gatewayReference: string | null;
      day: string;
      amountKobo: number;
      explanation: string;
      by: number;
      writeOff: boolean;
    },
  ): Promise<number | null> {
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO settlement_differences (gateway, kind, invoice_id, settlement_id, gateway_reference, day, amount_kobo,
         explanation, explained_by, status)
       VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8, $9, $10)
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        difference.gateway,
        difference.kind,
        difference.invoiceId,
        difference.settlementId,
        difference.gatewayReference,
        difference.day,
        difference.amountKobo,
        difference.explanation,
        difference.by,
        difference.writeOff ? "write_off_pending" : "explained",
      ],
    );
    return rows[0]?.id ?? null;
  }

  /** The difference, locked until the transaction ends. */
  async lockDifference(q: Queryable, id: number): Promise<DifferenceRecord | null> {
    const { rows } = await q.query<DifferenceRecord>(
      `SELECT id::int, gateway, kind, to_char(day, 'YYYY-MM-DD') AS day, amount_kobo AS "amountKobo", status,
         explained_by AS "explainedBy", invoice_id AS "invoiceId", coalesce(gateway_reference, '') AS reference
       FROM settlement_differences WHERE id = $1 FOR UPDATE`,
      [id],
    );
    const row = rows[0];
    return row ? { ...row, amountKobo: Number(row.amountKobo) } : null;
  }

  async decide(q: Queryable, id: number, approved: boolean, by: number, note: string): Promise<void> {
    await q.query(
      approved
        ? `UPDATE settlement_differences SET status = 'written_off', decided_by = $2, decided_at = clock_timestamp(), decision_note = $3 WHERE id = $1`
        : `UPDATE settlement_differences SET status = 'explained', decision_note = $3 WHERE id = $1 AND $2::bigint IS NOT NULL`,
      [id, by, note],
    );
  }

  async closedMonth(month: string, q: Queryable = this.db) {
    const { rows } = await q.query<{ by: string; at: Date; note: string }>(
      `SELECT u.first_name || ' ' || u.last_name AS by, m.closed_at AS at, m.note
       FROM settlement_months m JOIN users u ON u.id = m.closed_by WHERE m.month = $1::date`,
      [`${month}-01`],
    );
    return rows[0] ?? null;
  }

  async closeMonth(q: Queryable, month: string, by: number, note: string): Promise<boolean> {
    const { rows } = await q.query(
      `INSERT INTO settlement_months (month, closed_by, note) VALUES ($1::date, $2, $3) ON CONFLICT DO NOTHING RETURNING month`,
      [`${month}-01`, by, note],
    );
    return rows.length > 0;
  }
}
