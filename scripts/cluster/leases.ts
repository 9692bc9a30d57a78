// The housekeeping jobs' leases (job_leases) watched from the database while the cluster runs: only worker
// processes ever hold one, a job never has two holders whose leases overlap in time, and when the holder is
// killed another process takes its jobs over once the lease has run out.
import type { Database } from "../../apps/api/src/db/database";
import { sleep } from "../chaos/processes";
import type { Node } from "./topology";

interface LeaseRow {
  name: string;
  holder: string;
  leasedUntil: number;
  takenAt: number;
  passes: number;
}

/** One holder's tenure of one job, as the samples saw it. */
interface Tenure {
  job: string;
  holder: string;
  takenAt: number;
  /** The latest leased_until seen while this holder held the job. */
  until: number;
  samples: number;
}

export interface LeaseWatch {
  /** Stops sampling; resolves once the sampler has stopped. */
  stop(): Promise<void>;
  samples(): number;
  /** The jobs a holder has (host:pid) in the latest sample. */
  heldBy(holder: string): string[];
  /** The holder (host:pid) of the most jobs in the latest sample, or null when nothing is held. */
  busiestHolder(): string | null;
  verdict(
    killed: { holder: string; at: number } | null,
    processes: readonly { node: Node; pids: readonly number[] }[],
  ): LeaseVerdict;
}

export interface LeaseVerdict {
  jobs: number;
  samples: number;
  tenures: number;
  /** Two holders of one job whose leases overlapped. */
  overlaps: number;
  takeovers: string[];
  failures: string[];
  notes: string[];
}

/** Samples job_leases every `everyMs` until stopped. */
export function watchLeases(db: Database, everyMs = 500): LeaseWatch {
  let stopped = false;
  let count = 0;
  let latest: LeaseRow[] = [];
  const tenures = new Map<string, Tenure>();
  const errors: string[] = [];
  const sampler = (async () => {
    while (!stopped) {
      try {
        const { rows } = await db.query<LeaseRow>(
          `SELECT name, holder, (extract(epoch FROM leased_until) * 1000)::float8 AS "leasedUntil",
             (extract(epoch FROM taken_at) * 1000)::float8 AS "takenAt", passes::int AS passes FROM job_leases`,
        );
        count += 1;
        latest = rows;
        for (const row of rows) {
          const key = `${row.name}\n${row.holder}\n${row.takenAt}`;
          const tenure = tenures.get(key);
          if (tenure) {
            tenure.until = Math.max(tenure.until, row.leasedUntil);
            tenure.samples += 1;
          } else {
            tenures.set(key, { job: row.name, holder: row.holder, takenAt: row.takenAt, until: row.leasedUntil, samples: 1 });
          }
        }
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
      await sleep(everyMs);
    }
  })();
  const heldBy = (holder: string) => latest.filter((row) => row.holder === holder).map((row) => row.name);
  return {
    async stop() {
      stopped = true;
      await sampler;
    },
    samples: () => count,
    heldBy,
    busiestHolder() {
      const holders = [...new Set(latest.map((row) => row.holder))];
      holders.sort((a, b) => heldBy(b).length - heldBy(a).length);
      return holders[0] ?? null;
    },
    verdict(killed, processes) {
      const failures: string[] = [];
      const notes: string[] = [];
      const takeovers: string[] = [];
      const labelOf = (holder: string) => {
        const pid = Number(holder.split(":").pop());
        const owner = processes.find((p) => p.pids.includes(pid));
        return owner ? `${owner.node.label} (pid ${pid})` : `an unknown process (${holder})`;
      };
      const workerPids = new Set(processes.filter((p) => p.node.label.startsWith("worker")).flatMap((p) => p.pids));
      const all = [...tenures.values()].sort((a, b) => a.takenAt - b.takenAt);
      for (const tenure of all) {
        if (!workerPids.has(Number(tenure.holder.split(":").pop())))
          failures.push(`${tenure.job} was held by ${labelOf(tenure.holder)}, not a worker process`);
      }
      let overlaps = 0;
      const jobs = [...new Set(all.map((t) => t.job))].sort();
      for (const job of jobs) {
        const mine = all.filter((t) => t.job === job);
        for (let i = 1; i < mine.length; i += 1) {
          const before = mine[i - 1]!;
          const after = mine[i]!;
          // The next holder took the job only after the lease it replaced ran out, or after its holder stopped
          // gracefully (a stop releases its leases; a SIGKILL cannot).
          const beforePid = Number(before.holder.split(":").pop());
          const stopped = processes
            .flatMap((p) => p.node.exits)
            .find((exit) => exit.pid === beforePid && exit.signal !== "SIGKILL" && exit.at <= after.takenAt + 1_000);
          if (after.takenAt < before.until && after.holder !== before.holder && !stopped) {
            overlaps += 1;
            failures.push(
              `${job}: ${labelOf(after.holder)} took it ${((before.until - after.takenAt) / 1000).toFixed(1)} s before ${labelOf(before.holder)}'s lease ran out`,
            );
          }
          if (after.holder !== before.holder) takeovers.push(`${job}: ${labelOf(before.holder)} → ${labelOf(after.holder)}`);
        }
      }
      if (killed) {
        const held = all.filter((t) => t.holder === killed.holder);
        if (held.length === 0) failures.push(`the killed worker (${killed.holder}) held no job lease`);
        for (const tenure of held) {
          const next = all.find((t) => t.job === tenure.job && t.takenAt >= tenure.takenAt && t.holder !== killed.holder);
          if (!next) failures.push(`${tenure.job}: nobody took it over after its holder ${labelOf(killed.holder)} was killed`);
          else
            notes.push(
              `${tenure.job}: taken over by ${labelOf(next.holder)} ${((next.takenAt - killed.at) / 1000).toFixed(1)} s after its holder's SIGKILL (its lease ran to +${((tenure.until - killed.at) / 1000).toFixed(1)} s)`,
            );
        }
      }
      if (errors.length > 0) failures.push(`${errors.length} samples of job_leases failed, e.g. ${errors[0]}`);
      if (count === 0) failures.push("job_leases was never sampled");
      return { jobs: jobs.length, samples: count, tenures: all.length, overlaps, takeovers, failures, notes };
    },
  };
}
