import { REVENUE_STATUS, type InvoiceFilterQuery } from "@hospipay/contract";
import { RoundBatch } from "../../lib/round-batch";
import type { Database } from "../../db/database";
import { watDateSql } from "../../db/wat-sql";
import { ChangeCountCache } from "../../lib/change-count-cache";
import { createdUsOf, instantOfUs, watDays, type KeysetPosition } from "../../lib/paging";

/** The filter as SQL bounds: dates are West Africa Time days (UTC+1, no daylight saving), end inclusive. */
export interface InvoiceFilter {
  from: Date | null;
  to: Date | null;
  status: string | null;
  method: string | null;
  department: string | null;
}

export function toInvoiceFilter(query: InvoiceFilterQuery): InvoiceFilter {
  return {
    ...watDays(query.start_date, query.end_date),
    status: query.status || null,
    method: query.method && query.method !== "all" ? query.method : null,
    department: query.department && query.department !== "all" ? query.department : null,
  };
}

/**
 * A filter as SQL conditions joined by AND, holding only the parts the filter has, with their parameters
 * ($1…). Each combination is one fixed text, kept prepared on the server (QueryOptions.prepare) with a
 * generic plan whose index conditions are the filter's own: no `$n IS NULL OR …` that a generic plan
 * could not use, and no planning on each request.
 */
class Conditions {
  readonly parts: string[] = [];

  /** params: those of the statement so far, when these conditions are one part of it. */
  constructor(readonly params: unknown[] = []) {}

  /** A parameter's placeholder for value. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  where(condition: string): this {
    this.parts.push(condition);
    return this;
  }

  get sql(): string {
    return this.parts.join(" AND ");
  }
}

// West Africa Time (UTC+1, no daylight saving) days: the filter's bounds are WAT midnights, so whole days.
/** Today's West Africa Time day (YYYY-MM-DD), as the API's clock has it. */
const watToday = (nowMs = Date.now()) => new Date(nowMs + 3_600_000).toISOString().slice(0, 10);

/** The filter on the day totals (migration 0004): the department's rows, or the whole invoices' (''). */
function dayTotalsWhere(f: InvoiceFilter, params?: unknown[]): Conditions {
  const c = new Conditions(params);
  c.where(`t.department = ${c.param(f.department ?? "")}`);
  if (f.from) c.where(`t.day >= ${watDateSql(`${c.param(f.from)}::timestamptz`)}`);
  if (f.to) c.where(`t.day < ${watDateSql(`${c.param(f.to)}::timestamptz`)}`);
  if (f.status) c.where(`t.status = ${c.param(f.status)}`);
  if (f.method) c.where(`t.payment_method = ${c.param(f.method)}`);
  return c;
}

/** The days and department whose change count (0004) tells whether a filter's answers may have changed. */
interface ChangeKey {
  department: string;
  from: Date | null;
  to: Date | null;
}

const changeKeyOf = (f: InvoiceFilter): ChangeKey => ({ department: f.department ?? "", from: f.from, to: f.to });

/**
 * The change count (migration 0004) of a department's days from `from` to before `to` (SQL expressions
 * of a text and two timestamptz; a null bound is open), summed from the change keys' own index (the
 * literal status '' is what makes the planner choose it). It goes up whenever anything a filter of those
 * days and that department answers (its page, its count, its totals) could have changed.
 */
const changesOf = (department: string, from: string, to: string) =>
  `(SELECT coalesce(sum(t.changes), 0) FROM invoice_day_totals t
     WHERE t.status = '' AND t.department = ${department}
       AND t.day >= coalesce(${watDateSql(`${from}::timestamptz`)}, '-infinity') AND t.day < coalesce(${watDateSql(`${to}::timestamptz`)}, 'infinity'))::bigint`;

/**
 * The filter on checkout invoices (wallet top-ups are money held for customers, not revenue), with a
 * department through invoice_departments (0004), each row with its invoice's date, status and method.
 */
function pageWhere(f: InvoiceFilter, params?: unknown[]): { c: Conditions; table: string; id: string } {
  const c = new Conditions(params);
  if (f.department) {
    c.where(`d.department = ${c.param(f.department)}`);
    if (f.from) c.where(`d.created_at >= ${c.param(f.from)}`);
    if (f.to) c.where(`d.created_at < ${c.param(f.to)}`);
    if (f.status) c.where(`d.status = ${c.param(f.status)}`);
    if (f.method) c.where(`d.payment_method = ${c.param(f.method)}`);
    return { c, table: "invoice_departments d", id: "d.invoice_id" };
  }
  c.where("i.purpose = 'checkout'");
  if (f.from) c.where(`i.created_at >= ${c.param(f.from)}`);
  if (f.to) c.where(`i.created_at < ${c.param(f.to)}`);
  if (f.status) c.where(`i.status = ${c.param(f.status)}`);
  if (f.method) c.where(`i.payment_method = ${c.param(f.method)}`);
  return { c, table: "invoices i", id: "i.id" };
}

/**
 * A subquery (columns id, created_at, "createdUs", json) of up to `limit` invoices of a filter, after the
 * (created_at, id) of the cursor, each as the answer's JSON: the one place the staff row is written is the
 * database (migration 0002), which keeps each invoice's head and items as JSON; this puts them together,
 * with a department filter that department's lines only. Its parameters are added to `params`.
 *
 * The invoices are chosen from index entries alone, then only those rows are read: with a department, from
 * invoice_departments (0009), led by the department (and the status when given); without, from the
 * invoices' own indexes, led by the status or the method when given (0009), else the creation time (0007).
 */
function invoiceJsonPage(filter: InvoiceFilter, after: KeysetPosition | null, limit: number, params: unknown[]): string {
  const { c, table, id } = pageWhere(filter, params);
  const at = id === "d.invoice_id" ? "d.created_at" : "i.created_at";
  if (after) c.where(`(${at}, ${id}) < (${instantOfUs(c.param(after.createdUs))}, ${c.param(after.id)})`);
  // The page is the invoices' own JSON (migration 0002) put together: the head, then the items (with a
  // department filter, that department's lines only).
  const items = filter.department
    ? `jsonb_path_query_array(p.staff_items, '$[*] ? (@.service.department.name == $d)', jsonb_build_object('d', ${c.param(filter.department)}::text))`
    : "p.staff_items";
  return `SELECT p.id, p.created_at, ${createdUsOf("p.created_at")} AS "createdUs",
      left(p.staff_head, -1) || ',"items":' || ${items}::text || '}' AS json
    FROM invoices p WHERE p.id IN (
      SELECT ${id} FROM ${table} WHERE ${c.sql} ORDER BY ${at} DESC, ${id} DESC LIMIT ${c.param(limit)})`;
}

/** One payment method's transaction rows (invoice items) under a filter. */
export interface MethodTotals {
  method: string;
  /** Rows of every status. */
  rows: number;
  /** Completed rows and their kobo: the revenue (REVENUE_STATUS). */
  completedRows: number;
  completedKobo: number;
  /** Refunded rows and their kobo. */
  refundedRows: number;
  refundedKobo: number;
  /** Rows of every status of the last 7 days. */
  recent: number;
}

/**
 * An invoice of a page as the answer's JSON (the contract's invoiceSchema), written by the database
 * (migration 0002), and its place for the next page's cursor.
 */
export interface InvoiceJsonRow {
  id: number;
  /** created_at to the microsecond, for the next page's cursor. */
  createdUs: number;
  json: string;
}

/** A filter page: how many invoices match, and this page of them. */
export interface FilterPage {
  count: number;
  /** The page's invoices as JSON (invoiceSchema), comma-separated: the inside of the answer's results array. */
  results: string;
  /** Where the next page starts, when there are more invoices after this page; else null. */
  next: KeysetPosition | null;
}

/** SQL for the staff dashboards: aggregates and keyset pages, all computed in the database. */
export class StaffInvoicesRepository {
  /**
   * pageCacheSize: how much text (characters) the filter pages kept for asking again may hold in all
   * (ChangeCountCache); 0 keeps none.
   */
  constructor(
    private readonly db: Database,
    { pageCacheSize = 0 }: { pageCacheSize?: number } = {},
  ) {
    this.kept = new ChangeCountCache(pageCacheSize);
  }

  /** Filter pages and statistics answered before, each with the change count it was read at. */
  private readonly kept: ChangeCountCache<FilterPage | MethodTotals[]>;

  /** The change counts asked by the requests read together, in one statement (RoundBatch). */
  private readonly changeCounts = new RoundBatch<ChangeKey, number>(async (asks) => {
    const distinct = [...new Map(asks.map((ask) => [JSON.stringify(ask), ask])).values()];
    const { rows } = await this.db.query<{ changes: number }>(
      `SELECT ${changesOf("q.department", "q.from_at", "q.to_at")} AS changes
       FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) WITH ORDINALITY AS q (department, from_at, to_at, n)
       ORDER BY q.n`,
      [distinct.map((k) => k.department), distinct.map((k) => k.from), distinct.map((k) => k.to)],
      { prepare: true },
    );
    const counts = new Map(distinct.map((ask, index) => [JSON.stringify(ask), Number(rows[index]!.changes)]));
    return asks.map((ask) => counts.get(JSON.stringify(ask))!);
  });

  /**
   * What `read` answers for this key, or the answer kept from an earlier read while the filter's change
   * count is the one that read saw. `read` must read the change count in the same statement as the
   * answer (the same snapshot), with changesOf().
   */
  private async unlessChanged<V extends FilterPage | MethodTotals[]>(
    key: string,
    filter: InvoiceFilter,
    read: () => Promise<{ answer: V; changes: number; size: number }>,
  ): Promise<V> {
    if (this.kept.has(key)) {
      // The key names what it holds: a "page" key holds a FilterPage, a "totals" key MethodTotals[].
      const kept = this.kept.get(key, await this.changeCounts.ask(changeKeyOf(filter))) as V | undefined;
      if (kept) return kept;
    }
    const { answer, changes, size } = await read();
    this.kept.set(key, changes, answer, size);
    return answer;
  }

  /**
   * Per payment method: transaction rows (invoice items) of every status, those completed and refunded
   * with their sums, and those of the last 7 days (today and the six WAT days before it), summed from the
   * day totals the database keeps (migration 0004). An answer is given again, for the same filter and
   * day, while the filter's change count stays the same.
   */
  async methodTotals(filter: InvoiceFilter, nowMs = Date.now()): Promise<MethodTotals[]> {
    const today = watToday(nowMs);
    const key = JSON.stringify([
      "totals",
      filter.from?.getTime(),
      filter.to?.getTime(),
      filter.status,
      filter.method,
      filter.department,
      today,
    ]);
    return this.unlessChanged(key, filter, async () => {
      const where = dayTotalsWhere(filter);
      const changes = changesOf(
        `${where.param(filter.department ?? "")}::text`,
        where.param(filter.from),
        where.param(filter.to),
      );
      const completed = `${where.param(REVENUE_STATUS)}::text`;
      const refunded = `${where.param("refunded")}::text`;
      const { rows } = await this.db.query<MethodTotals & { changes: number }>(
        `SELECT n.changes, m.* FROM (SELECT ${changes} AS changes) n
         LEFT JOIN LATERAL (
           SELECT t.payment_method AS method, sum(t.rows)::bigint AS rows,
             coalesce(sum(t.rows) FILTER (WHERE t.status = ${completed}), 0)::bigint AS "completedRows",
             coalesce(sum(t.kobo) FILTER (WHERE t.status = ${completed}), 0)::bigint AS "completedKobo",
             coalesce(sum(t.rows) FILTER (WHERE t.status = ${refunded}), 0)::bigint AS "refundedRows",
             coalesce(sum(t.kobo) FILTER (WHERE t.status = ${refunded}), 0)::bigint AS "refundedKobo",
             coalesce(sum(t.rows) FILTER (WHERE t.day >= ${where.param(today)}::date - 6), 0)::bigint AS recent
           FROM invoice_day_totals t WHERE ${where.sql}
           GROUP BY t.payment_method HAVING sum(t.rows) > 0
         ) m ON true
         ORDER BY m.method`,
        where.params,
        { prepare: true },
      );
      const answer = rows.filter((row) => row.method !== null).map(({ changes: _, ...totals }) => totals);
      return { answer, changes: Number(rows[0]!.changes), size: 100 + 100 * answer.length };
    });
  }

  /**
   * Housekeeping: folds the deltas the trigger appended into one row per day, status, method and
   * department. One statement: deltas appended meanwhile are not in its snapshot and stay for the next pass.
   * A key whose change count (0004) is not zero keeps its row even when its totals are, so that no filter's
   * change count ever goes down. Returns how many rows it removed (the deltas and the folded rows they were
   * added to): the dead rows it leaves for a vacuum.
   */
  async foldDayTotals(): Promise<number> {
    const { rows } = await this.db.query<{ removed: number }>(
      `WITH keys AS (SELECT DISTINCT day, status, payment_method, department FROM invoice_day_totals WHERE NOT folded),
       gone AS (
         DELETE FROM invoice_day_totals t USING keys k
         WHERE t.day = k.day AND t.status = k.status AND t.payment_method = k.payment_method AND t.department = k.department
         RETURNING t.day, t.status, t.payment_method, t.department, t.invoices, t.rows, t.kobo, t.changes
       ),
       folded AS (
         INSERT INTO invoice_day_totals (day, status, payment_method, department, invoices, rows, kobo, changes, folded)
         SELECT day, status, payment_method, department, sum(invoices), sum(rows), sum(kobo), sum(changes), true FROM gone
         GROUP BY day, status, payment_method, department
         HAVING sum(invoices) <> 0 OR sum(rows) <> 0 OR sum(kobo) <> 0 OR sum(changes) <> 0
       )
       SELECT count(*)::int AS removed FROM gone`,
    );
    return rows[0]?.removed ?? 0;
  }

  /**
   * One page of a filter, newest first, after the (created_at, id) of the cursor: its invoices as the filter
   * endpoint lists them (invoiceJsonPage), for the export.
   */
  async page(filter: InvoiceFilter, after: KeysetPosition | null, limit: number): Promise<InvoiceJsonRow[]> {
    const params: unknown[] = [];
    const { rows } = await this.db.query<InvoiceJsonRow>(
      `SELECT p.id, p."createdUs", p.json FROM (${invoiceJsonPage(filter, after, limit, params)}) p
       ORDER BY p.created_at DESC, p.id DESC`,
      params,
      { prepare: true },
    );
    return rows;
  }

  /**
   * A filter page: how many invoices match (with a department: those with lines of it), summed from the
   * day totals, and up to `size` invoices newest first after the cursor (chosen as page() chooses them),
   * each with its items (with a department filter, only that department's lines) as the answer's JSON
   * (invoiceSchema), which the database keeps with each invoice (migration 0002): the API sends it as it
   * is, with no rows to read into objects, check and write out again.
   *
   * A page read before is given again, with its count, while the filter's change count (0004) is the one
   * it was read at: then the change count alone is read, with those of the other requests read together.
   * Otherwise the counts and the page are one statement, so the page is kept with the change count of
   * the same snapshot.
   */
  async filterPage(filter: InvoiceFilter, after: KeysetPosition | null, size: number): Promise<FilterPage> {
    const key = JSON.stringify([
      "page",
      filter.from?.getTime(),
      filter.to?.getTime(),
      filter.status,
      filter.method,
      filter.department,
      after,
      size,
    ]);
    return this.unlessChanged(key, filter, async () => {
      const { changes, ...answer } = await this.readFilterPage(filter, after, size);
      return { answer, changes, size: answer.results.length + 100 };
    });
  }

  /** filterPage() read from the invoices, with the filter's change count in the same snapshot. */
  private async readFilterPage(
    filter: InvoiceFilter,
    after: KeysetPosition | null,
    size: number,
  ): Promise<FilterPage & { changes: number }> {
    const totals = dayTotalsWhere(filter);
    const changesSql = changesOf(
      `${totals.param(filter.department ?? "")}::text`,
      totals.param(filter.from),
      totals.param(filter.to),
    );
    // One more row than the page, to know whether another page follows.
    const page = invoiceJsonPage(filter, after, size + 1, totals.params);
    const { rows } = await this.db.query<
      { count: number; changes: number } & { [K in keyof InvoiceJsonRow]: InvoiceJsonRow[K] | null }
    >(
      `SELECT n.count, n.changes, p.id, p."createdUs", p.json
       FROM (
         SELECT (SELECT coalesce(sum(t.invoices), 0) FROM invoice_day_totals t WHERE ${totals.sql})::bigint AS count,
           ${changesSql} AS changes
       ) n
       LEFT JOIN LATERAL (${page}) p ON true
       ORDER BY p.created_at DESC, p.id DESC`,
      totals.params,
      { prepare: true },
    );
    const { count, changes } = rows[0]!;
    const found = rows.filter((row): row is typeof row & InvoiceJsonRow => row.id !== null);
    const shown = found.slice(0, size);
    const last = shown[shown.length - 1];
    return {
      count,
      changes,
      results: shown.map((row) => row.json).join(","),
      next: found.length > size && last ? { createdUs: last.createdUs, id: last.id } : null,
    };
  }
}
