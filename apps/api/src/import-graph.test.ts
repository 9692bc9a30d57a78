import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import {
  cycles,
  fenceBreaches,
  importGraph,
  moduleArrows,
  moduleOf,
  pairs,
  sourceFiles,
  valueImports,
  type ImportGraph,
} from "./test/import-graph";

// The real source, read as it is: the API, the web app and the scripts and journeys that import API files.
const root = path.resolve(import.meta.dirname, "../../..");
const files = ["apps/api/src", "apps/web/src", "scripts", "e2e"].flatMap((dir) => sourceFiles(root, dir));
const { eager, lazy } = importGraph(root, files);
// A lazy import() still makes one module use another; it only loads later, so it cannot close a file cycle.
const withLazy = (graphs: { eager: ImportGraph; lazy: ImportGraph }): ImportGraph =>
  new Map([...graphs.eager].map(([file, targets]) => [file, [...targets, ...(graphs.lazy.get(file) ?? [])]]));
const loads = withLazy({ eager, lazy });
// Every use, `import type` included: a type names another module's class as surely as a value does.
const uses = withLazy(importGraph(root, files, { types: true }));

/** The layers of the API's modules, lowest first; an arrow may stay in its layer or go down, never up. */
const LAYERS: string[][] = [
  ["audit", "backup", "catalogue", "gateways", "health", "ledger", "mail", "metrics", "sms", "web"],
  ["accounts"],
  ["payments"],
  // The domain modules.
  [
    "admissions",
    "bank-transfers",
    "bills",
    "cash-desk",
    "day-book",
    "hmo-claims",
    "hmos",
    "kyc",
    "kyc-tiers",
    "patients",
    "payment-reviews",
    "profile",
    "receipts",
    "refunds",
    "reserved-accounts",
    "settlements",
    "shifts",
    "staff-accounts",
    "staff-desk",
    "staff-invoices",
    "staff-search",
    "wallet",
  ],
  // Seeds the sandbox through a whole built app (main.ts).
  ["demo"],
];
const layerOf = (module: string) => LAYERS.findIndex((layer) => layer.includes(module));

const asPairs = (arrows: Iterable<string>) => [...arrows].map((arrow) => arrow.split(" -> ") as [string, string]);

describe("import graph (value imports, where `import type` is erased; and every use, types included)", () => {
  it("reads the real source", () => {
    expect(files.length).toBeGreaterThan(500);
    expect(eager.get("apps/api/src/app.ts")).toContain("apps/api/src/modules/payments/index.ts");
  });

  it("imports another API module only through its index.ts", () => {
    expect(fenceBreaches(loads)).toEqual([]);
  });

  it("has no cycle between API modules", () => {
    expect(cycles(asPairs(moduleArrows(loads)))).toEqual([]);
  });

  it("has no cycle between API modules counting type-only imports too", () => {
    expect(moduleArrows(uses).size).toBeGreaterThan(moduleArrows(loads).size);
    expect(cycles(asPairs(moduleArrows(uses)))).toEqual([]);
  });

  it("places every module in a layer, and its arrows stay in it or go down", () => {
    const modules = [...new Set(files.map(moduleOf).filter((module): module is string => module !== null))];
    expect(modules.filter((module) => layerOf(module) < 0)).toEqual([]);
    const upward = [...moduleArrows(loads)].filter((arrow) => {
      const [from, to] = arrow.split(" -> ") as [string, string];
      return layerOf(to) > layerOf(from);
    });
    expect(upward).toEqual([]);
  });

  it("has no cycle between files, in the API or the web app", () => {
    expect(cycles(pairs(eager))).toEqual([]);
  });
});

describe("the checker", () => {
  const withArrow = (from: string, to: string, base: ImportGraph = loads): ImportGraph => {
    const graph = new Map([...base].map(([file, targets]) => [file, [...targets]]));
    graph.get(from)!.push(to);
    return graph;
  };

  it("reports an added import of another module's internal file", () => {
    const from = "apps/api/src/modules/refunds/refunds.service.ts";
    const to = "apps/api/src/modules/payments/invoices.repository.ts";
    expect(fenceBreaches(withArrow(from, to))).toContain(`${from} -> ${to}`);
    expect(fenceBreaches(withArrow("apps/api/src/app.ts", to))).toContain(`apps/api/src/app.ts -> ${to}`);
    expect(fenceBreaches(withArrow(from, "apps/api/src/modules/payments/index.ts"))).toEqual([]);
  });

  it("reports an added arrow that closes a cycle between modules", () => {
    const graph = withArrow("apps/api/src/modules/mail/mail.repository.ts", "apps/api/src/modules/accounts/index.ts");
    expect(cycles(asPairs(moduleArrows(graph)))).toContainEqual(expect.arrayContaining(["accounts", "mail"]));
  });

  it("reports an added type-only import that closes a cycle between modules, counting types", () => {
    const line = 'import type { WalletsRepository } from "../wallet";';
    expect(valueImports(line)).toEqual([]);
    expect(valueImports(line, { types: true })).toEqual([{ specifier: "../wallet", lazy: false }]);
    const graph = withArrow("apps/api/src/modules/kyc-tiers/wallet-credits.ts", "apps/api/src/modules/wallet/index.ts", uses);
    expect(cycles(asPairs(moduleArrows(graph)))).toContainEqual(expect.arrayContaining(["kyc-tiers", "wallet"]));
  });

  it("finds a cycle closed by `import type` in files on disk only when counting types", () => {
    const at = mkdtempSync(path.join(tmpdir(), "import-graph-"));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(at, file)), { recursive: true });
        writeFileSync(path.join(at, file), text);
      };
      write("apps/api/src/modules/low/index.ts", 'import type { High } from "../high";\nexport type Low = { high: High };\n');
      write("apps/api/src/modules/high/index.ts", 'import { type Low } from "../low";\nexport type High = { low: Low };\n');
      const found = sourceFiles(at, "apps/api/src");
      expect(found).toHaveLength(2);
      expect(cycles(asPairs(moduleArrows(importGraph(at, found).eager)))).toEqual([]);
      expect(cycles(asPairs(moduleArrows(importGraph(at, found, { types: true }).eager)))).toEqual([["high", "low"]]);
    } finally {
      rmSync(at, { recursive: true, force: true });
    }
  });

  it("reports an added import that closes a cycle between files", () => {
    const payments = "apps/api/src/modules/payments";
    expect(eager.get(`${payments}/settlement.service.ts`)).toContain(`${payments}/invoices.repository.ts`);
    const graph = withArrow(`${payments}/invoices.repository.ts`, `${payments}/settlement.service.ts`);
    const found = cycles(pairs(graph));
    expect(found).toHaveLength(1);
    expect(found[0]).toEqual(expect.arrayContaining([`${payments}/invoices.repository.ts`, `${payments}/settlement.service.ts`]));
    const web = "apps/web/src/lib";
    expect(eager.get(`${web}/checkout-items.ts`)).toContain(`${web}/cart-totals.ts`);
    expect(cycles(pairs(withArrow(`${web}/cart-totals.ts`, `${web}/checkout-items.ts`)))).toHaveLength(1);
  });

  it("finds a cycle through several files and leaves a chain alone", () => {
    const chain: [string, string][] = [
      ["a", "b"],
      ["b", "c"],
      ["c", "d"],
    ];
    expect(cycles(chain)).toEqual([]);
    expect(cycles([...chain, ["d", "b"]])).toEqual([["b", "c", "d"]]);
  });

  it("counts value imports and re-exports, and leaves type-only ones out", () => {
    const text = [
      'import type { A } from "./types";',
      'export type { B } from "./more-types";',
      'import { type C } from "./kept-by-verbatim-module-syntax";',
      "import {",
      "  d,",
      "  type E,",
      '} from "./multi-line";',
      'export { f } from "./re-exported";',
      'import "./side-effect";',
      'const lazy = () => import("./lazy");',
    ].join("\n");
    expect(valueImports(text)).toEqual([
      { specifier: "./kept-by-verbatim-module-syntax", lazy: false },
      { specifier: "./multi-line", lazy: false },
      { specifier: "./re-exported", lazy: false },
      { specifier: "./side-effect", lazy: false },
      { specifier: "./lazy", lazy: true },
    ]);
    expect(valueImports(text, { types: true }).map((found) => found.specifier)).toEqual([
      "./types",
      "./more-types",
      "./kept-by-verbatim-module-syntax",
      "./multi-line",
      "./re-exported",
      "./side-effect",
      "./lazy",
    ]);
  });
});

// The same fence in eslint.config.js, so an editor and `npm run lint` report it where it is written.
// The first lint loads the TypeScript resolver over four projects: seconds, more on a busy machine.
describe("the module fence in eslint.config.js", { timeout: 120_000 }, () => {
  const eslint = new ESLint({ cwd: root });
  const modules = path.join(root, "apps/api/src/modules");
  const ruleIds = async (file: string, text: string) => {
    const [result] = await eslint.lintText(text, { filePath: file });
    return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
  };

  it("reports a module or app code importing another module's internal file, and accepts its index", async () => {
    const fixture = path.join(modules, "refunds/fence-fixture.ts");
    expect(
      await ruleIds(
        fixture,
        'import { InvoicesRepository } from "../payments/invoices.repository";\nexport const used = InvoicesRepository;\n',
      ),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await ruleIds(
        path.join(root, "apps/api/src/plugins/fence-fixture.ts"),
        'import { InvoicesRepository } from "../modules/payments/invoices.repository";\nexport const used = InvoicesRepository;\n',
      ),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await ruleIds(fixture, 'import { InvoicesRepository } from "../payments";\nexport const used = InvoicesRepository;\n'),
    ).toEqual([]);
  });

  it("reports src/lib importing a module", async () => {
    const ids = await ruleIds(
      path.join(root, "apps/api/src/lib/fence-fixture.ts"),
      'import { InvoicesRepository } from "../modules/payments";\nexport const used = InvoicesRepository;\n',
    );
    expect(ids).toContain("import-x/no-restricted-paths");
  });
});
