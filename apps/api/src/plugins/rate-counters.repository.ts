import type { Database } from "../db/database";

/** A key's counter after a batch of hits: its count and the milliseconds left in its window. */
export interface RateCounterRow {
  key: string;
  count: number;
  reset_ms: number;
}

/** SQL for the rate-limit counters in the database (table rate_counters, migration 0007). */
export class RateCountersRepository {
  constructor(private readonly db: Database) {}

  /**
   * Raises each key's counter by its hits in one atomic statement (a new window when the last one ended),
   * locking the rows in the order of `keys`: callers pass them sorted, so two statements on the same keys
   * never wait on each other in a circle. Answers each key's counter after it.
   */
  async hit(keys: readonly string[], windowsMs: readonly number[], hits: readonly number[]): Promise<RateCounterRow[]> {
    const { rows } = await this.db.query<RateCounterRow>(
      `WITH hit AS (SELECT * FROM unnest($1::text[], $2::int[], $3::int[]) WITH ORDINALITY AS h (key, window_ms, hits, n))
       INSERT INTO rate_counters AS c (key, window_start, count)
       SELECT key, statement_timestamp(), hits FROM hit ORDER BY n
       ON CONFLICT (key) DO UPDATE SET
         window_start = CASE WHEN c.window_start + (SELECT window_ms FROM hit WHERE hit.key = c.key) * interval '1 millisecond'
           <= statement_timestamp() THEN statement_timestamp() ELSE c.window_start END,
         count = CASE WHEN c.window_start + (SELECT window_ms FROM hit WHERE hit.key = c.key) * interval '1 millisecond'
           <= statement_timestamp() THEN 0 ELSE c.count END + excluded.count
       RETURNING key, count, ceil(extract(epoch FROM window_start
         + (SELECT window_ms FROM hit WHERE hit.key = c.key) * interval '1 millisecond' - statement_timestamp()) * 1000)::float8 AS reset_ms`,
      [keys, windowsMs, hits],
      { prepare: true },
    );
    return rows;
  }

  /** Deletes the counters whose window started more than a day ago. Answers how many. */
  async deleteDayOld(): Promise<number> {
    const result = await this.db.query(`DELETE FROM rate_counters WHERE window_start < now() - interval '1 day'`);
    return result.rowCount;
  }
}
