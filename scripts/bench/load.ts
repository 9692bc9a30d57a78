// One scenario of load over real HTTP: autocannon with a fixed number of connections for a fixed time,
// each request built by the scenario (its path, headers and body), after a short warm-up.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** The API process's CPU time (user + system) per answer while measured, in µs; null where /proc is not. */
  apiCpuMicros: number | null;
  /** Bytes read per answer (headers and body, as sent). */
  bytesPerAnswer: number;
  /** Answers other than 2xx, and transport errors (timeouts, resets), by status. */
  failures: Record<string, number>;
}

export interface Scenario {
  method?: "GET" | "POST";
  /** The path (and query) of the n-th request. */
  path: (n: number) => string;
  /** Headers and body of a connection, fixed for its life (the k-th connection opened). */
  client?: (k: number) => { headers?: Record<string, string>; body?: string };
}

/**
 * What every request says it accepts, as a browser's does (BENCH_ACCEPT_ENCODING overrides it; "identity"
 * measures the uncompressed answers).
 */
export const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING || "gzip, deflate, br, zstd";
const BROWSER_HEADERS = { "accept-encoding": ACCEPT_ENCODING };

async function run(base: string, scenario: Scenario, connections: number, seconds: number): Promise<autocannon.Result> {
  let n = 0;
  let k = 0;
  return autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 30,
    headers: BROWSER_HEADERS,
    requests: [
      {
        method: scenario.method ?? "GET",
        setupRequest: (request) => {
          const path = scenario.path(n);
          n += 1;
          return { ...request, path };
        },
      },
    ],
    setupClient: (client) => {
      const setup = scenario.client?.(k);
      k += 1;
      if (!setup) return;
      const headers = {
        ...BROWSER_HEADERS,
        ...(setup.body === undefined ? {} : { "content-type": "application/json" }),
        ...setup.headers,
      };
      client.setHeadersAndBody(headers, setup.body ?? "");
    },
  });
}

/** A process's CPU time so far (user + system), in µs, from /proc (Linux); null elsewhere. */
function cpuMicros(pid: number): number | null {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks
    // (USER_HZ, 100 a second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
  } catch {
    return null;
  }
}

/** Warms up for 2 s, then measures for `seconds`; `apiPid` is the API process, whose CPU time is read. */
export async function measure(
  base: string,
  scenario: Scenario,
  connections: number,
  seconds: number,
  apiPid?: number,
): Promise<LoadFigures> {
  await run(base, scenario, connections, 2);
  const cpuBefore = apiPid ? cpuMicros(apiPid) : null;
  const result = await run(base, scenario, connections, seconds);
  const cpuAfter = apiPid ? cpuMicros(apiPid) : null;
  const failures: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
    if (!status.startsWith("2")) failures[status] = (stats as { count: number }).count;
  }
  if (result.errors > 0) failures.errors = result.errors;
  if (result.timeouts > 0) failures.timeouts = result.timeouts;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    apiCpuMicros:
      cpuBefore !== null && cpuAfter !== null && result.requests.total > 0
        ? Math.round((cpuAfter - cpuBefore) / result.requests.total)
        : null,
    bytesPerAnswer: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
    failures,
  };
}
