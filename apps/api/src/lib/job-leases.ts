import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database";
import { JobLeasesRepository } from "./job-leases.repository";

/** How long a lease lasts unless renewed: a dead holder's job is taken over after at most this long. */
export const JOB_LEASE_SECONDS = 30;

/** The jobs run under a lease (migration 0019's name check): one process at a time does each. */
export type JobName = "staff-day-totals" | "rate-counters-purge" | "reserved-accounts-sweep" | "kyc-holds-sweep" | "ledger-check";

/** This process, as a lease holder: every app built in one process shares it. */
export const THIS_PROCESS = `${hostname()}:${process.pid}`;

/**
 * Leases of the background jobs that must run on one process at a time (table job_leases). Several worker
 * processes may run the same timers; each pass first takes or renews its job's lease, and only the holder
 * works. A pass that outlasts a third of the lease renews it on the way, so a long pass is never taken over
 * in the middle; a holder that stops releases its leases, one that dies loses them when they run out.
 */
export class JobLeases {
  private readonly repo: JobLeasesRepository;

  constructor(
    db: Database,
    private readonly log: FastifyBaseLogger,
    readonly holder: string = THIS_PROCESS,
    private readonly leaseSeconds: number = JOB_LEASE_SECONDS,
  ) {
    this.repo = new JobLeasesRepository(db);
  }

  /** Takes the lease (free, run out, or already this holder's) and counts a pass. True when this process holds it. */
  async take(name: JobName): Promise<boolean> {
    return this.repo.take(name, this.holder, this.leaseSeconds);
  }

  /** Extends a lease this process holds. False when it no longer holds it. */
  private async renew(name: JobName): Promise<boolean> {
    return this.repo.renew(name, this.holder, this.leaseSeconds);
  }

  /**
   * Runs `task` when this process holds (or can take) the job's lease, renewing it while the task runs.
   * Answers the task's result, or `notHeld` when another process holds the job.
   */
  async run<T>(name: JobName, task: () => Promise<T>, notHeld: T): Promise<T> {
    const held = await this.take(name).catch((error: unknown) => {
      this.log.error({ err: error, job: name }, "taking a job's lease failed");
      return false;
    });
    if (!held) return notHeld;
    const renewal = setInterval(
      () => {
        this.renew(name).then(
          (held) => held || this.log.error({ job: name }, "a job's lease was lost during a pass"),
          (error: unknown) => this.log.error({ err: error, job: name }, "renewing a job's lease failed"),
        );
      },
      (this.leaseSeconds * 1000) / 3,
    );
    renewal.unref();
    try {
      return await task();
    } finally {
      clearInterval(renewal);
    }
  }

  /** A task that runs only under the job's lease (see run). */
  guard<T>(name: JobName, task: () => Promise<T>, notHeld: T): () => Promise<T> {
    return () => this.run(name, task, notHeld);
  }

  /** Gives up every lease this process holds, so another worker takes the jobs at once (a graceful stop). */
  async releaseAll(): Promise<void> {
    await this.repo.releaseAll(this.holder);
  }
}
