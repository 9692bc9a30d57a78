import { readFileSync } from "node:fs";
import path from "node:path";
import { API_PATHS } from "@hospipay/contract";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../env";
import { createTestApp } from "../../test/test-app";
import { parseMetrics } from "./metrics-text";

/**
 * The Grafana dashboard (docs/grafana/hospipay.json) against what /metrics really exposes: a query naming
 * a series the API does not serve, or a family of the API's own the dashboard forgot, fails here.
 */

interface Target {
  expr?: string;
  datasource?: { type?: string; uid?: string };
}
interface Panel {
  type: string;
  title: string;
  datasource?: { type?: string; uid?: string };
  targets?: Target[];
  panels?: Panel[];
}
interface Dashboard {
  __inputs: Array<{ name: string; type: string; pluginId: string }>;
  panels: Panel[];
}

const dashboard = JSON.parse(readFileSync(path.join(REPO_ROOT, "docs/grafana/hospipay.json"), "utf8")) as Dashboard;
const panels = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]).filter((panel) => panel.type !== "row");
const expressions = panels.flatMap((panel) =>
  (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr ?? "" })),
);
const namesIn = (expr: string) => [...expr.matchAll(/\bhospipay_[a-zA-Z0-9_]+/g)].map((match) => match[0]);

const t = await createTestApp();
afterAll(async () => {
  await t.close();
});

/** Every series name one scrape exposes, with a request answered and a ledger check recorded first. */
async function exposedNames(): Promise<Set<string>> {
  await t.app.inject({ method: "GET", url: API_PATHS.health });
  await t.db.query(`INSERT INTO ledger_checks (sound, entries, wallets, differences) VALUES (true, 0, 0, 0)`);
  const reply = await t.app.inject({ method: "GET", url: API_PATHS.metrics });
  expect(reply.statusCode).toBe(200);
  return new Set(parseMetrics(reply.body).map((sample) => sample.name));
}

describe("the Grafana dashboard", () => {
  it("asks for its data source as the ${DS_PROMETHEUS} input, in every panel and query", () => {
    expect(dashboard.__inputs).toContainEqual(
      expect.objectContaining({ name: "DS_PROMETHEUS", type: "datasource", pluginId: "prometheus" }),
    );
    expect(panels.length).toBeGreaterThan(10);
    for (const panel of panels) {
      expect(panel.datasource, panel.title).toEqual({ type: "prometheus", uid: "${DS_PROMETHEUS}" });
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) expect(target.datasource, panel.title).toEqual(panel.datasource);
    }
  });

  it("queries only series /metrics exposes", async () => {
    const exposed = await exposedNames();
    const unknown = expressions.flatMap(({ panel, expr }) =>
      namesIn(expr)
        .filter((name) => !exposed.has(name))
        .map((name) => `${panel}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it("shows every family of the API's own, and the process's memory, CPU and event-loop lag", async () => {
    const exposed = await exposedNames();
    const ownFamilies = [...exposed].filter(
      (name) => !/^hospipay_(process|nodejs)_/.test(name) && !/_(bucket|sum|count)$/.test(name),
    );
    const used = new Set(expressions.flatMap(({ expr }) => namesIn(expr)));
    expect(ownFamilies.filter((name) => !used.has(name))).toEqual([]);
    for (const name of [
      "hospipay_process_resident_memory_bytes",
      "hospipay_process_cpu_seconds_total",
      "hospipay_nodejs_eventloop_lag_p99_seconds",
    ]) {
      expect(used).toContain(name);
    }
  });
});
