import type { Database } from "./database";

/**
 * Vacuums one table after a number of its rows were changed, where the database does not vacuum by
 * itself: PGlite (the default database) runs no autovacuum at all, and a server may run with it off.
 * For the tables a worker keeps changing as a queue (the staff day totals' deltas, the mail outbox, the
 * gateway payments' next checks): every update or delete leaves an index entry behind until a vacuum,
 * and the worker's own next read walks them all, so each read grows slower with every message or payment
 * the queue has ever held; once vacuumed, it reads only what is pending. Where autovacuum runs, nothing
 * is done.
 */
export class VacuumAfter {
  /** Rows changed since this process last vacuumed the table. */
  private changed = 0;
  /** Whether the database vacuums by itself (asked once; asked again after a failure). */
  private autovacuums: Promise<boolean> | null = null;

  constructor(
    private readonly db: Database,
    private readonly table: string,
    private readonly afterRows: number,
    /** Waits for this process's turn before a vacuum (RequestsFirst.turn): requests go first. */
    private readonly pace: () => Promise<void>,
  ) {}

  /**
   * Counts `rows` changed rows, and vacuums the table when enough were (and the database does not).
   * A failure is thrown, and the check of whether the database vacuums is made again next time.
   */
  async count(rows: number): Promise<void> {
    this.changed += rows;
    if (this.changed < this.afterRows) return;
    try {
      this.autovacuums ??= databaseAutovacuums(this.db);
      if (await this.autovacuums) {
        this.changed = 0;
        return;
      }
      await this.pace();
      await this.db.exec(`VACUUM ${this.table}`);
      this.changed = 0;
    } catch (error) {
      // Asked again next time: the database may have been away.
      this.autovacuums = null;
      throw error;
    }
  }
}

async function databaseAutovacuums(db: Database): Promise<boolean> {
  // PGlite's setting says on, but it is one process with no autovacuum workers.
  if (db.kind === "pglite") return false;
  const { rows } = await db.query<{ on: boolean }>(
    `SELECT current_setting('autovacuum') = 'on' AND current_setting('track_counts') = 'on' AS on`,
  );
  return rows[0]?.on === true;
}
