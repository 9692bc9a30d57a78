import { createRequire } from "node:module";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";

const require = createRequire(import.meta.url);

/** A folder's translations: `src/<folder>/i18n/<language>.json`. */
const CATALOG_FILE = /\/src\/.*\/i18n\/[a-z]+\.json$/;
/** A folder's English messages: `src/<folder>/messages.ts`, or `<name>.messages.ts` for those of one lazy screen. */
const MESSAGES_FILE = /\/src\/.*\/(?:[\w-]+\.)?messages\.ts$/;
/** `defaultMessage: "…"` (or '…') in the JavaScript of a messages.ts module. */
const DEFAULT_MESSAGE = /defaultMessage:\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')(?=\s*[,}])/g;

/**
 * A message in the form the browser reads: the printed text itself when it is only text (most messages:
 * `t` returns it as it is), else its parsed form. `__I18N_PRECOMPILED__` tells `t` which is which.
 */
function compile(text: string): string | MessageFormatElement[] {
  const ast = parse(text);
  if (ast.every((element) => element.type === TYPE.literal)) return ast.map((element) => element.value).join("");
  return ast;
}

function stringLiteral(literal: string): string {
  const body = literal.slice(1, -1);
  return JSON.parse(`"${literal.startsWith("'") ? body.replace(/\\'/g, "'").replace(/"/g, '\\"') : body}"`) as string;
}

/**
 * Production builds only: every ICU message is parsed at build time (translations in `i18n/*.json`,
 * English defaults in `messages.ts`), and the browser's copy of the parser is replaced by its no-parser
 * build, which keeps intl-messageformat at about 2.5 KB instead of 10 KB on the first load of `/`. A
 * message the build cannot parse, or an English default that is neither a plain string literal nor already
 * in parsed form (`[…]`, as lib/messages.ts builds SPEC's texts), fails the build.
 */
export function precompileMessages(): Plugin {
  return {
    name: "hospipay-precompile-messages",
    apply: "build",
    enforce: "post",
    config() {
      return {
        define: { __I18N_PRECOMPILED__: "true" },
        resolve: {
          alias: [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: require.resolve("@formatjs/icu-messageformat-parser/no-parser.js"),
            },
          ],
        },
      };
    },
    transform(code, id) {
      const file = id.split("?")[0]!;
      if (MESSAGES_FILE.test(file)) {
        const compiled = code.replace(DEFAULT_MESSAGE, (_, literal: string) => {
          const text = stringLiteral(literal);
          try {
            return `defaultMessage: ${JSON.stringify(compile(text))}`;
          } catch (error) {
            throw new Error(`${file}: "${text}" is not a valid ICU message: ${(error as Error).message}`, { cause: error });
          }
        });
        const leftover = /defaultMessage:\s*(?![\s[])\S{0,20}/.exec(code.replace(DEFAULT_MESSAGE, ""));
        if (leftover) throw new Error(`${file}: every defaultMessage must be one string literal, not ${leftover[0]}`);
        return { code: compiled, map: null };
      }
      return undefined;
    },
  };
}

/** The same for translation files, before Vite's JSON plugin turns them into modules. */
export function precompileCatalogs(): Plugin {
  return {
    name: "hospipay-precompile-catalogs",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      const file = id.split("?")[0]!;
      if (!CATALOG_FILE.test(file)) return undefined;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [key, text] of Object.entries(messages)) {
        try {
          compiled[key] = compile(text);
        } catch (error) {
          throw new Error(`${file}: ${key} is not a valid ICU message: ${(error as Error).message}`, { cause: error });
        }
      }
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
