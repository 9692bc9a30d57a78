import { fileURLToPath } from "node:url";
import MagicString from "magic-string";
import ts from "typescript";
import type { Plugin } from "vite";

/** The contract's modules that build zod schemas. */
const CONTRACT_SCHEMAS = /\/packages\/contract\/src\/schemas\/(?!.*\.test\.ts$)[\w-]+\.ts$/;
/** The contract's name for a schema constant. */
const SCHEMA_NAME = /Schema$/;

/** The leftmost identifier of a chain of calls and property reads: `z` for `z.union([…]).refine(…)`. */
function chainRoot(node: ts.Expression): ts.Identifier | undefined {
  let current: ts.Expression = node;
  while (ts.isCallExpression(current) || ts.isPropertyAccessExpression(current)) current = current.expression;
  return ts.isIdentifier(current) ? current : undefined;
}

/**
 * Whether a constant builds schemas when its module is evaluated: a `…Schema` constant; a chain of zod's calls
 * (`z.object(…)`, `z.union(…).refine(…)`), whatever its name; or a shape, an object literal of schemas (calls or
 * names of other constants), at least one of them built there.
 */
function buildsSchemas(name: string, initializer: ts.Expression): boolean {
  if (SCHEMA_NAME.test(name)) return true;
  if (ts.isCallExpression(initializer)) return chainRoot(initializer)?.text === "z";
  if (!ts.isObjectLiteralExpression(initializer)) return false;
  const values = initializer.properties.map((property) =>
    ts.isPropertyAssignment(property)
      ? property.initializer
      : ts.isShorthandPropertyAssignment(property)
        ? property.name
        : undefined,
  );
  return (
    values.every(
      (value) =>
        value !== undefined && (ts.isCallExpression(value) || ts.isIdentifier(value) || ts.isPropertyAccessExpression(value)),
    ) && values.some((value) => value !== undefined && ts.isCallExpression(value))
  );
}

/**
 * The module's source with each top-level constant that builds schemas (`buildsSchemas`) made
 * `lazySchema(() => (<expression>))`, lazySchema imported from `lazySchemaModule` (src/lib/lazy-schema.ts), or
 * null when it has none. Each call is marked pure, as zod marks its own, so that the build still drops the
 * schemas a chunk never uses. The other constants (lists, messages, patterns, functions) stay as they are.
 */
export function makeSchemasLazy(
  code: string,
  fileName: string,
  lazySchemaModule: string,
): { code: string; map: ReturnType<MagicString["generateMap"]> } | null {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const output = new MagicString(code);
  let wrapped = 0;
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const { name, initializer } = declaration;
      if (!ts.isIdentifier(name) || !initializer || !buildsSchemas(name.text, initializer)) continue;
      output.appendLeft(initializer.getStart(source), "/* @__PURE__ */ __lazySchema(() => (");
      output.appendRight(initializer.getEnd(), "))");
      wrapped += 1;
    }
  }
  if (wrapped === 0) return null;
  output.prepend(`import { lazySchema as __lazySchema } from ${JSON.stringify(lazySchemaModule)};\n`);
  return { code: output.toString(), map: output.generateMap({ hires: true, source: fileName }) };
}

/**
 * The contract's schemas are built on first use in the web app (src/lib/lazy-schema.ts), in the build and in
 * its tests; the API and the contract's own tests build them as written.
 */
export function lazySchemas(): Plugin {
  const lazySchemaModule = fileURLToPath(new URL("./src/lib/lazy-schema.ts", import.meta.url));
  return {
    name: "hospipay-lazy-schemas",
    enforce: "pre",
    transform(code, id) {
      const [file = id] = id.split("?");
      if (!CONTRACT_SCHEMAS.test(file)) return null;
      return makeSchemasLazy(code, file, lazySchemaModule);
    },
  };
}
