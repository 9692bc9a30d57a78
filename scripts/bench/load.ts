// One scenario of load over real HTTP: autocannon with a fixed number of connections for a fixed time,
// each request built by the scenario (its path, headers and body), after a short warm-up.
import autocannon from "autocannon";

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
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

async function run(base: string, scenario: Scenario, connections: number, seconds: number): Promise<autocannon.Result> {
  let n = 0;
  let k = 0;
  return autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 30,
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
      const headers = { ...(setup.body === undefined ? {} : { "content-type": "application/json" }), ...setup.headers };
      client.setHeadersAndBody(headers, setup.body ?? "");
    },
  });
}

/** Warms up for 2 s, then measures for `seconds`. */
export async function measure(base: string, scenario: Scenario, connections: number, seconds: number): Promise<LoadFigures> {
  await run(base, scenario, connections, 2);
  const result = await run(base, scenario, connections, seconds);
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
    failures,
  };
}
