// The production image's Dockerfile: linted by dockerfile-utils (the validator of VS Code's Docker language
// server) and held to the house rules: multi-stage, pinned bases, non-root, health-checked on /readyz, no
// secrets baked in, production mode by default with every setting one the API knows.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DockerfileParser, type Instruction } from "dockerfile-ast";
import { validate } from "dockerfile-utils";
import { describe, expect, it } from "vitest";
import { envSchema, loadEnv } from "../apps/api/src/env";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dockerfileText = readFileSync(path.join(root, "Dockerfile"), "utf8");
const dockerfile = DockerfileParser.parse(dockerfileText);

/** LSP severities: 1 error, 2 warning (3 information and 4 hint are advice). */
function problems(text: string): string[] {
  return validate(text)
    .filter((diagnostic) => diagnostic.severity === 1 || diagnostic.severity === 2)
    .map((diagnostic) => `line ${diagnostic.range.start.line + 1}: ${diagnostic.message}`);
}

interface Stage {
  name: string | null;
  image: string;
  instructions: Instruction[];
}

/** The stages in order, each with its base image (ARG defaults declared before the first FROM resolved). */
function stages(): Stage[] {
  const globalArgs = new Map<string, string>();
  const result: Stage[] = [];
  for (const instruction of dockerfile.getInstructions()) {
    const keyword = instruction.getKeyword();
    if (keyword === "FROM") {
      const args = instruction.getArguments().map((argument) => argument.getValue());
      const image = (args[0] ?? "").replace(/\$\{?(\w+)\}?/g, (_, name: string) => globalArgs.get(name) ?? "");
      const asIndex = args.findIndex((argument) => argument.toUpperCase() === "AS");
      result.push({ name: asIndex >= 0 ? (args[asIndex + 1] ?? null) : null, image, instructions: [] });
    } else if (result.length === 0) {
      if (keyword === "ARG") {
        const [name, value = ""] = (instruction.getArgumentsContent() ?? "").split("=");
        globalArgs.set((name ?? "").trim(), value.trim());
      }
    } else {
      result[result.length - 1]?.instructions.push(instruction);
    }
  }
  return result;
}

function finalStage(): Stage {
  const all = stages();
  const last = all[all.length - 1];
  if (!last) throw new Error("the Dockerfile has no FROM");
  return last;
}

function of(stage: Stage, keyword: string): Instruction[] {
  return stage.instructions.filter((instruction) => instruction.getKeyword() === keyword);
}

/** The runtime image's ENV, as the process sees it. */
function runtimeEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const instruction of of(finalStage(), "ENV")) {
    const content = instruction.getArgumentsContent() ?? "";
    for (const match of content.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g)) {
      env[match[1] as string] = (match[2] as string).replace(/^"|"$/g, "");
    }
  }
  return env;
}

describe("Dockerfile lint (dockerfile-utils)", () => {
  it("reports no error or warning", () => {
    expect(problems(dockerfileText)).toEqual([]);
  });

  it("is alive: a broken Dockerfile gets diagnostics", () => {
    const broken = problems("FROM node:20.20.2-bookworm-slim\nEXPOSE eighty\nHEALTHCHECK CMD\nCMD ['node']\n");
    expect(broken).toEqual(
      expect.arrayContaining([
        expect.stringContaining("Invalid containerPort: eighty"),
        expect.stringContaining("Missing command after HEALTHCHECK CMD"),
        expect.stringContaining("single quotes"),
      ]),
    );
  });
});

describe("Dockerfile house rules", () => {
  it("is multi-stage, every base image pinned to a full version and none `latest`", () => {
    const all = stages();
    expect(all.length).toBeGreaterThanOrEqual(2);
    const stageNames = new Set<string>();
    for (const stage of all) {
      if (!stageNames.has(stage.image)) {
        expect(stage.image, `FROM ${stage.image}`).not.toMatch(/:latest$|^[^:@]+$/);
        // A digest, or a tag that names major.minor.patch (node:22.23.5-bookworm-slim), is pinned.
        expect(stage.image, `FROM ${stage.image}`).toMatch(/@sha256:[0-9a-f]{64}$|:\d+\.\d+\.\d+(-[\w.-]+)?$/);
      }
      if (stage.name) stageNames.add(stage.name);
    }
  });

  it("builds every stage on Node.js 22 LTS, a release package.json's engines allow", () => {
    const engines = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { engines: { node: string } }).engines
      .node;
    const [, minMajor, minMinor] = /^>=(\d+)\.(\d+)$/.exec(engines) ?? [];
    expect(Number(minMajor), engines).toBe(22);
    for (const stage of stages().filter((candidate) => candidate.image.startsWith("node:"))) {
      const [, major, minor] = /^node:(\d+)\.(\d+)\.\d+/.exec(stage.image) ?? [];
      expect(Number(major), stage.image).toBe(22);
      expect(Number(minor), stage.image).toBeGreaterThanOrEqual(Number(minMinor));
    }
  });

  it("runs the final stage as a numeric, non-root user", () => {
    const users = of(finalStage(), "USER");
    const user = users[users.length - 1]?.getArgumentsContent() ?? "";
    expect(user).toMatch(/^\d+(:\d+)?$/);
    expect(Number(user.split(":")[0])).toBeGreaterThan(0);
  });

  it("checks its health on /readyz at the port it exposes and serves", () => {
    const [healthcheck, ...more] = of(finalStage(), "HEALTHCHECK");
    expect(more).toEqual([]);
    const command = healthcheck?.getArgumentsContent() ?? "";
    expect(command).toContain("/readyz");
    expect(command).not.toMatch(/\bcurl\b|\bwget\b/); // the slim base has neither
    const env = runtimeEnv();
    expect(command).toContain(`process.env.PORT || ${env.PORT}`);
    expect(of(finalStage(), "EXPOSE").map((expose) => expose.getArgumentsContent())).toEqual([env.PORT]);
  });

  it("stops on SIGTERM and starts the API from its sources through tsx", () => {
    expect(of(finalStage(), "STOPSIGNAL").map((signal) => signal.getArgumentsContent())).toEqual(["SIGTERM"]);
    const [cmd] = of(finalStage(), "CMD");
    const argv = JSON.parse(cmd?.getArgumentsContent() ?? "null") as string[];
    expect(argv.slice(0, 3)).toEqual(["node", "--import", "tsx"]);
    expect(existsSync(path.join(root, argv[3] as string))).toBe(true);
  });

  it("bakes in no secret: no ENV or ARG named like one, no credentials in a URL", () => {
    const secretName = /SECRET|PASSWORD|TOKEN|API_KEY|PRIVATE|CREDENTIAL/i;
    for (const instruction of dockerfile.getInstructions()) {
      const keyword = instruction.getKeyword();
      if (keyword !== "ENV" && keyword !== "ARG") continue;
      const content = instruction.getArgumentsContent() ?? "";
      for (const match of content.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=/g)) expect(match[1]).not.toMatch(secretName);
      expect(content).not.toMatch(/:\/\/[^/\s]*:[^/\s]*@/);
    }
  });

  it("defaults to production mode: settings the API knows, and a refusal to start until the rest is given", () => {
    const env = runtimeEnv();
    expect(env).toMatchObject({ NODE_ENV: "production", SANDBOX: "false" });
    for (const name of Object.keys(env)) expect(Object.keys(envSchema.shape), name).toContain(name);
    // Alone, the image's settings are not a production configuration: env.ts names what is missing.
    expect(() => loadEnv(env)).toThrow(/JWT_SECRET: is required when SANDBOX=false/);
  });

  it("serves the web app built in the build stage from WEB_DIST_DIR", () => {
    const env = runtimeEnv();
    const workdirs = of(finalStage(), "WORKDIR");
    const workdir = workdirs[workdirs.length - 1]?.getArgumentsContent() ?? "/";
    const fromBuild = of(finalStage(), "COPY").find((copy) =>
      (copy.getArgumentsContent() ?? "").startsWith("/app/apps/web/dist"),
    );
    const destination = fromBuild?.getArguments().at(-1)?.getValue() ?? "";
    expect(path.posix.resolve(workdir, destination)).toBe(env.WEB_DIST_DIR);
    const build = stages().find((stage) => stage.name === "build");
    expect(of(build as Stage, "RUN").map((run) => run.getArgumentsContent())).toContain("npm run build");
  });

  it("installs from the lockfile, the runtime with production dependencies only", () => {
    const runs = dockerfile
      .getInstructions()
      .filter((instruction) => instruction.getKeyword() === "RUN")
      .map((run) => run.getArgumentsContent() ?? "");
    expect(runs.some((run) => /\bnpm ci\b/.test(run) && !run.includes("--omit=dev"))).toBe(true);
    expect(runs.some((run) => /\bnpm ci --omit=dev\b/.test(run))).toBe(true);
    expect(runs.join("\n")).not.toMatch(/\bnpm install\b/);
  });

  it("copies only paths that exist in the repository", () => {
    for (const copy of dockerfile.getInstructions().filter((instruction) => instruction.getKeyword() === "COPY")) {
      if (copy.getArgumentsContent() === null || /--from=/.test(copy.getTextContent())) continue;
      const sources = copy.getArguments().slice(0, -1);
      for (const source of sources) expect(existsSync(path.join(root, source.getValue())), source.getValue()).toBe(true);
    }
  });

  it("keeps local state, secrets and installed dependencies out of the build context", () => {
    const ignored = readFileSync(path.join(root, ".dockerignore"), "utf8")
      .split("\n")
      .map((line) => line.trim());
    for (const pattern of ["**/node_modules", "**/dist", "**/data", ".git", ".env", "deploy/*.env"]) {
      expect(ignored).toContain(pattern);
    }
  });
});
