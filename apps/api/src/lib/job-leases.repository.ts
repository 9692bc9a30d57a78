import type { Database } from "../db/database";

/** SQL for the leases of background jobs (table job_leases, migration 0019). */
export class JobLeasesRepository {
  constructor(private readonly db: Database) {}

  /**
   * Takes the job's lease for `holder` when it is free, run out or already this holder's (then counting a
   * pass), in one atomic statement. True when `holder` holds it afterwards.
   */
  async take(name: string, holder: string, leaseSeconds: number): Promise<boolean> {
    const { rows } = await this.db.query<{ holder: string }>(
      `INSERT INTO job_leases (name, holder, leased_until, passes) VALUES ($1, $2, now() + make_interval(secs => $3), 1)
       ON CONFLICT (name) DO UPDATE SET
         holder = excluded.holder,
         leased_until = excluded.leased_until,
         taken_at = CASE WHEN job_leases.holder = excluded.holder THEN job_leases.taken_at ELSE now() END,
         passes = CASE WHEN job_leases.holder = excluded.holder THEN job_leases.passes + 1 ELSE 1 END
       WHERE job_leases.holder = excluded.holder OR job_leases.leased_until < now()
       RETURNING holder`,
      [name, holder, leaseSeconds],
    );
    return rows.length === 1;
  }

  /** Extends the lease when `holder` still holds it. False when it does not. */
  async renew(name: string, holder: string, leaseSeconds: number): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE job_leases SET leased_until = now() + make_interval(secs => $3) WHERE name = $1 AND holder = $2`,
      [name, holder, leaseSeconds],
    );
    return rowCount === 1;
  }

  /** Deletes every lease `holder` holds. */
  async releaseAll(holder: string): Promise<void> {
    await this.db.query(`DELETE FROM job_leases WHERE holder = $1`, [holder]);
  }
}
