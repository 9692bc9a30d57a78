import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * One file's imports: by default its value imports, the files it loads when it runs (type-only imports are
 * erased, so left out); with `types`, every file it names, `import type` included.
 */
export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.tsx?$/;

/** Every `.ts`/`.tsx` file under `dir`, test files included, as paths relative to `root`. */
export function sourceFiles(root: string, dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && entry.name !== "dist") walk(full);
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        found.push(path.relative(root, full).split(path.sep).join("/"));
      }
    }
  };
  walk(path.join(root, dir));
  return found.sort();
}

// `import … from "x"`, `export … from "x"`, `import "x"` and `import("x")`; the clause decides whether it is type-only.
const STATIC = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']/gm;
const BARE = /^\s*import\s*["']([^"']+)["']/gm;
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/**
 * Whether an import loads its file when it runs. Only `import type` / `export type` are erased: with
 * verbatimModuleSyntax, `import { type A } from "x"` still loads "x".
 */
const loadsValues = (typeKeyword: string | undefined) => !typeKeyword;

/** Which imports a graph counts: `types` keeps `import type` / `export type` too (a use, though erased at run time). */
export type ImportKinds = { types?: boolean };

/**
 * The specifiers a file's text loads when it runs, with whether each is a lazy `import()`; with `types`, the
 * type-only ones as well.
 */
export function valueImports(text: string, kinds: ImportKinds = {}): { specifier: string; lazy: boolean }[] {
  const found: { specifier: string; lazy: boolean }[] = [];
  for (const match of text.matchAll(STATIC)) {
    if (kinds.types || loadsValues(match[2])) found.push({ specifier: match[4]!, lazy: false });
  }
  for (const match of text.matchAll(BARE)) found.push({ specifier: match[1]!, lazy: false });
  for (const match of text.matchAll(DYNAMIC)) found.push({ specifier: match[1]!, lazy: true });
  return found;
}

function resolve(root: string, from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = path.join(path.dirname(path.join(root, from)), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    try {
      if (statSync(candidate).isFile()) return path.relative(root, candidate).split(path.sep).join("/");
    } catch {
      // not this candidate
    }
  }
  return null;
}

/**
 * The value-import graph of the given files (with `types`, the type-only imports too): each file to the
 * repository files it imports. Lazy `import()`s are kept apart: they load after every static import ran, so they
 * never make a cycle that breaks start-up.
 */
export function importGraph(root: string, files: string[], kinds: ImportKinds = {}): { eager: ImportGraph; lazy: ImportGraph } {
  const eager: ImportGraph = new Map();
  const lazy: ImportGraph = new Map();
  for (const file of files) {
    const text = readFileSync(path.join(root, file), "utf8");
    const now: string[] = [];
    const later: string[] = [];
    for (const { specifier, lazy: isLazy } of valueImports(text, kinds)) {
      const target = resolve(root, file, specifier);
      if (target) (isLazy ? later : now).push(target);
    }
    eager.set(file, now);
    lazy.set(file, later);
  }
  return { eager, lazy };
}

/** The API module a file belongs to (`apps/api/src/modules/<name>/…`), or null. */
export function moduleOf(file: string): string | null {
  return /^apps\/api\/src\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;
}

/** Whether a file is a module's public surface. */
export const isPublicFile = (file: string) => /^apps\/api\/src\/modules\/[^/]+\/index\.ts$/.test(file);

/** Imports into an API module from outside it that do not go through its index.ts, as "from -> to". */
export function fenceBreaches(graph: ImportGraph): string[] {
  const breaches: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const target = moduleOf(to);
      if (target && moduleOf(from) !== target && !isPublicFile(to)) breaches.push(`${from} -> ${to}`);
    }
  }
  return breaches.sort();
}

/** The module-to-module arrows of a file graph, as "from -> to" (test files left out: nothing imports them). */
export function moduleArrows(graph: ImportGraph): Set<string> {
  const arrows = new Set<string>();
  for (const [from, targets] of graph) {
    const source = moduleOf(from);
    if (!source || TEST.test(from)) continue;
    for (const to of targets) {
      const target = moduleOf(to);
      if (target && target !== source) arrows.add(`${source} -> ${target}`);
    }
  }
  return arrows;
}

/** The cycles of a directed graph given as arrows: each strongly connected component of more than one node. */
export function cycles(arrows: Iterable<[string, string]>): string[][] {
  const next = new Map<string, string[]>();
  for (const [from, to] of arrows) {
    if (!next.has(from)) next.set(from, []);
    if (!next.has(to)) next.set(to, []);
    next.get(from)!.push(to);
  }
  // Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = next.get(frame.node)!;
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) components.push(component.sort());
      }
    }
  }
  return components.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** A graph's arrows as pairs. */
export function pairs(graph: ImportGraph): [string, string][] {
  return [...graph].flatMap(([from, targets]) => targets.map((to): [string, string] => [from, to]));
}
