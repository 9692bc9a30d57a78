/**
 * Docker Compose's variable interpolation (the Compose Specification's "Interpolation"): `$VAR`, `${VAR}`,
 * `${VAR:-default}`, `${VAR-default}`, `${VAR:?error}`, `${VAR?error}`, `${VAR:+alt}`, `${VAR+alt}`, `$$`
 * for a literal `$`. Nested expressions in defaults are not used in this repository and are refused.
 */

const EXPRESSION = /\$(?:\$|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/** One `${…}` or `$VAR` reference found in a text. */
export interface VariableReference {
  name: string;
  /** "-" / ":-" default, "?" / ":?" required, "+" / ":+" alternative, or "" for a plain reference. */
  operator: string;
  argument: string;
}

/** Every variable a text refers to, in order of appearance (`$$` escapes are not references). */
export function variableReferences(text: string): VariableReference[] {
  const found: VariableReference[] = [];
  for (const match of text.matchAll(EXPRESSION)) {
    const name = match[1] ?? match[4];
    if (name === undefined) continue;
    found.push({ name, operator: match[2] ?? "", argument: match[3] ?? "" });
  }
  return found;
}

/** Thrown where Compose itself would refuse to start: a required variable unset (or empty, with `:?`). */
export class MissingVariableError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`required variable ${variable} is missing a value: ${detail}`);
  }
}

/** Replaces every reference in `text` as Compose does with the given variables. */
export function interpolate(text: string, variables: Record<string, string | undefined>): string {
  return text.replace(EXPRESSION, (whole, braced?: string, operator?: string, argument?: string, bare?: string) => {
    if (whole === "$$") return "$";
    const name = (braced ?? bare) as string;
    const value = variables[name];
    const unset = value === undefined;
    const empty = unset || value === "";
    if (argument !== undefined && argument.includes("$")) {
      throw new Error(`nested interpolation in \${${name}${operator}${argument}} is not supported here`);
    }
    switch (operator) {
      case undefined:
        return value ?? "";
      case ":-":
        return empty ? (argument as string) : (value as string);
      case "-":
        return unset ? (argument as string) : (value as string);
      case ":?":
        if (empty) throw new MissingVariableError(name, argument as string);
        return value as string;
      case "?":
        if (unset) throw new MissingVariableError(name, argument as string);
        return value as string;
      case ":+":
        return empty ? "" : (argument as string);
      case "+":
        return unset ? "" : (argument as string);
      default:
        throw new Error(`unknown interpolation operator ${operator}`);
    }
  });
}

/** Reads an env file (KEY=value lines, # comments, blank lines) as Compose's --env-file does. */
export function parseEnvFile(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const equals = line.indexOf("=");
    if (equals <= 0) throw new Error(`not a KEY=value line: ${line}`);
    entries.set(line.slice(0, equals).trim(), line.slice(equals + 1).trim());
  }
  return entries;
}
