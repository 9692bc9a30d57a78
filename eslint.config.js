// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
const web = "apps/web/src";
// Every folder under features/ is a feature, so a new one is fenced in without editing this file.
const features = readdirSync(path.join(root, web, "features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const api = "apps/api/src";
// Likewise every folder under the API's modules/ is a module, and everything else in src/ uses them from outside.
const modules = readdirSync(path.join(root, api, "modules"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const outsideModules = readdirSync(path.join(root, api)).filter((name) => name !== "modules");
const publicFiles = modules.map((module) => `./${module}/index.ts`);
// Settlement reads the bill-deposit account from bills/bill-parts.ts until the settlement rework takes that arrow out.
const knownBreaches = { payments: ["./bills/bill-parts.ts"] };

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "data/**",
      "**/data/**",
      "coverage/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": "off",
    },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // process.env is read in exactly one place per app: its env.ts, where every setting is validated once.
    files: ["apps/*/src/**/*.{ts,tsx}", "packages/*/src/**/*.ts"],
    ignores: ["**/env.ts", "**/*.test.ts", "**/*.test.tsx", "**/test/**"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through env.ts" }],
    },
  },
  {
    // The import rules resolve TypeScript paths the way tsc does, per workspace.
    files: ["apps/*/src/**/*.{ts,tsx}", "packages/*/src/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      // Without these the rules skip .ts/.tsx files, so no-cycle would never see a TypeScript import.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ["apps/api", "apps/sandbox", "apps/web", "packages/contract"].map((dir) =>
            path.join(root, dir, "tsconfig.json"),
          ),
        }),
      ],
    },
  },
  {
    // Imports flow one way: shared (components, lib) → features → app. Code two
    // features need belongs in src/lib or src/components, not in one of them.
    files: [`${web}/**/*.{ts,tsx}`],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: path.join(root, web),
          zones: [
            ...features.map((feature) => ({
              target: `./features/${feature}`,
              from: "./features",
              except: [`./${feature}`],
              message: "Features do not import each other: move what both need to src/lib or src/components.",
            })),
            {
              target: ["./components", "./lib"],
              from: ["./features", "./app"],
              message: "Shared code (src/components, src/lib) imports no feature and nothing of src/app.",
            },
            { target: "./features", from: "./app", message: "A feature imports nothing of src/app." },
          ],
        },
      ],
    },
  },
  {
    // An API module is used by others only through its public file (index.ts); its repositories and
    // services are its own. Use cases that span modules live in src/flows/, which imports module indexes.
    files: [`${api}/**/*.ts`],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: path.join(root, api),
          zones: [
            ...modules.map((module) => ({
              target: `./modules/${module}`,
              from: "./modules",
              except: [`./${module}`, ...publicFiles, ...(knownBreaches[module] ?? [])],
              message: "Modules import each other only through index.ts: export what is needed there, or write a flow.",
            })),
            {
              target: outsideModules.map((name) => `./${name}`),
              from: "./modules",
              except: publicFiles,
              message: "Code outside modules/ imports a module only through its index.ts.",
            },
            {
              // The demo module seeds a whole built app (main.ts, sandbox mode), so it alone sees app.ts.
              target: modules.filter((module) => module !== "demo").map((module) => `./modules/${module}`),
              from: ["./flows", "./app.ts"],
              message: "A module imports no flow and not app.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // src/lib and src/db are the bottom layer; their tests may build fixtures with modules.
    files: [`${api}/lib/**/*.ts`, `${api}/db/**/*.ts`],
    ignores: ["**/*.test.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: path.join(root, api),
          zones: [
            {
              target: ["./lib", "./db"],
              from: ["./modules", "./plugins", "./flows", "./app.ts"],
              message: "src/lib and src/db are the bottom layer: they import no module, plugin, flow or app.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // A cycle makes the module that runs first see the other's exports undefined. Type-only
    // imports are erased, so they never form one. Nothing imports a test file, so none can be in
    // a cycle: skipping them loses nothing and saves time.
    files: ["apps/*/src/**/*.{ts,tsx}", "packages/*/src/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
);
