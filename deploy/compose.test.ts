// compose.yaml, its env file example and the proxy's Caddyfile: linted by dclint (the Compose Specification's
// schema and its best-practice rules), then every Hospipay service's environment checked against
// apps/api/src/env.ts as the process would load it, and the topology (roles, health checks, start order,
// proxy upstreams, TLS, trusted proxy) checked against itself.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DCLinter } from "dclint";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { envSchema, loadEnv } from "../apps/api/src/env";
import { interpolate, MissingVariableError, parseEnvFile, variableReferences } from "./interpolate";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const composePath = path.join(root, "compose.yaml");
const composeText = readFileSync(composePath, "utf8");
const example = parseEnvFile(readFileSync(path.join(root, "deploy/production.env.example"), "utf8"));
const caddyfile = readFileSync(path.join(root, "deploy/Caddyfile"), "utf8");
const dclintConfig = JSON.parse(readFileSync(path.join(root, "deploy/dclint.json"), "utf8")) as {
  rules: Record<string, unknown>;
};

interface Healthcheck {
  test?: string[] | string;
  disable?: boolean;
}
interface Service {
  image?: string;
  command?: string[];
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: Healthcheck;
  networks?: string[];
  ports?: string[];
  volumes?: string[];
  restart?: string;
}
interface Compose {
  services: Record<string, Service>;
  networks: Record<string, { internal?: boolean; ipam?: { config?: Array<{ subnet?: string }> } } | null>;
  volumes: Record<string, unknown>;
}

function lint(file: string) {
  const linter = new DCLinter({ rules: dclintConfig.rules, quiet: false, debug: false, exclude: [] } as never);
  return linter.lintFiles([file], false).flatMap((result) => result.messages);
}

/** Every string in a parsed YAML value, interpolated as Compose does (keys are not interpolated). */
function interpolateDeep(value: unknown, variables: Record<string, string | undefined>): unknown {
  if (typeof value === "string") return interpolate(value, variables);
  if (Array.isArray(value)) return value.map((item) => interpolateDeep(item, variables));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateDeep(item, variables)]));
  }
  return value;
}

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

const raw = parse(composeText, { merge: true }) as unknown;
const references = strings(raw).flatMap(variableReferences);

/** A plausible production value for each variable the operator fills in (the example leaves them empty). */
function placeholder(name: string): string {
  if (name === "SMTP_URL") return "smtp://hospipay:placeholder0123456789@smtp.hospital.example.org:587";
  if (name.endsWith("_URL")) return `https://${name.toLowerCase().replace(/_/g, "-")}.example.org/v1`;
  if (name === "DOMAIN") return "pay.hospital.example.org";
  if (name === "ACME_EMAIL") return "it@hospital.example.org";
  if (name === "MAIL_FROM") return "Hospital Payments <pay@hospital.example.org>";
  if (name === "HOSPIPAY_VERSION") return "1.0.0";
  if (name === "SMS_SENDER_ID") return "Hospital";
  if (name === "HOSPITAL_ACCOUNT_NUMBER") return "0123456789";
  // URL-safe, printable, long enough for JWT_SECRET and METRICS_TOKEN.
  return `placeholder${name.toLowerCase().replace(/_/g, "")}0123456789abcdef0123456789`;
}

const variables = Object.fromEntries([...example].map(([name, value]) => [name, value === "" ? placeholder(name) : value]));
const compose = interpolateDeep(raw, variables) as Compose;
const services = compose.services;
const hospipayNames = Object.keys(services).filter((name) => services[name]?.image?.startsWith("hospipay:"));

function environment(name: string): Record<string, string> {
  const env = services[name]?.environment ?? {};
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === null ? "" : String(value)]));
}
const withWorkers = (value: string) => hospipayNames.filter((name) => environment(name).WORKERS === value);
const apiNames = withWorkers("off");
const workerNames = withWorkers("on");
const migrateNames = hospipayNames.filter((name) => services[name]?.command?.join(" ") === "npm run db:migrate");

/** The Caddyfile's site blocks: address line and the directive lines inside (comments dropped). */
function caddySites(text: string): Array<{ address: string; lines: string[] }> {
  const sites: Array<{ address: string; lines: string[] }> = [];
  let depth = 0;
  for (const rawLine of text.split("\n")) {
    const line = rawLine.replace(/(^|\s)#.*$/, "").trim();
    if (line === "") continue;
    if (depth === 0 && line.endsWith("{") && line !== "{") sites.push({ address: line.slice(0, -1).trim(), lines: [] });
    else if (depth > 0 && sites.length > 0 && !(depth === 1 && line === "}")) sites[sites.length - 1]?.lines.push(line);
    depth += (line.match(/\{(?!\$)/g) ?? []).length - (line.match(/(?<!\{\$[A-Z_]*)\}/g) ?? []).length;
  }
  return sites;
}

/** The upstreams (host:port) of every reverse_proxy directive of a site. */
function upstreams(lines: string[]): string[] {
  return lines
    .filter((line) => line.startsWith("reverse_proxy "))
    .flatMap((line) =>
      line
        .replace(/^reverse_proxy\s+/, "")
        .replace(/\{$/, "")
        .trim()
        .split(/\s+/),
    )
    .filter((token) => token !== "" && !token.startsWith("@") && !token.startsWith("/"));
}

describe("compose.yaml lint (dclint: Compose Specification schema and rules)", () => {
  it("reports nothing", () => {
    expect(lint(composePath).map((message) => `${message.line}: ${message.rule}: ${message.message}`)).toEqual([]);
  });

  it("is alive: an invalid compose file is refused", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "dclint-"));
    try {
      const file = path.join(dir, "compose.yaml");
      writeFileSync(file, "name: broken\nservices:\n  web:\n    image: nginx:latest\n    restart_policy: always\n");
      const rules = lint(file).map((message) => message.rule);
      expect(rules).toContain("invalid-schema");
      writeFileSync(file, "name: broken\nservices:\n  web:\n    image: nginx:latest\n");
      expect(lint(file).map((message) => message.rule)).toContain("service-image-require-explicit-tag");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("compose.yaml variables and deploy/production.env.example", () => {
  it("lists exactly the variables compose.yaml reads", () => {
    expect([...new Set(references.map((reference) => reference.name))].sort()).toEqual([...example.keys()].sort());
  });

  it("leaves every required one empty, so compose refuses to start until the operator fills it in", () => {
    const required = new Set(references.filter((r) => r.operator === ":?").map((r) => r.name));
    expect(required.size).toBeGreaterThan(10);
    for (const name of required) expect(example.get(name), name).toBe("");
    for (const reference of references.filter((r) => r.operator === ":-")) {
      expect(example.get(reference.name), reference.name).toBe(reference.argument);
    }
    const empty = Object.fromEntries(example);
    expect(() => interpolateDeep(raw, empty)).toThrow(MissingVariableError);
  });
});

describe("compose.yaml Hospipay services against apps/api/src/env.ts", () => {
  it("has a migration, at least two API replicas (WORKERS=off) and a worker (WORKERS=on), all of one image", () => {
    expect(migrateNames).toHaveLength(1);
    expect(apiNames.length).toBeGreaterThanOrEqual(2);
    expect(workerNames.length).toBeGreaterThanOrEqual(1);
    expect(new Set([...migrateNames, ...apiNames, ...workerNames])).toEqual(new Set(hospipayNames));
    expect(new Set(hospipayNames.map((name) => services[name]?.image))).toEqual(new Set(["hospipay:1.0.0"]));
  });

  it.each(["api", "worker", "migrate"])("gives the %s services only settings env.ts knows", (role) => {
    const names = role === "api" ? apiNames : role === "worker" ? workerNames : migrateNames;
    const known = Object.keys(envSchema.shape);
    for (const name of names) {
      const unknown = Object.keys(environment(name)).filter((key) => !known.includes(key));
      expect(unknown, name).toEqual([]);
    }
  });

  it.each(hospipayNames)("%s: loadEnv accepts its environment as a production configuration", (name) => {
    const env = loadEnv(environment(name));
    expect(env.SANDBOX).toBe(false);
    expect(env.NODE_ENV).toBe("production");
    expect(new URL(env.DATABASE_URL as string).hostname).toBe("postgres");
    expect(new URL(env.REDIS_URL as string).hostname).toBe("redis");
    expect(env.PUBLIC_URL).toBe(`https://${variables.DOMAIN}`);
    expect(env.HOST).toBe("0.0.0.0");
  });

  it("shares one named volume at UPLOAD_DIR between every API replica and the worker", () => {
    const mounts = new Set(
      [...apiNames, ...workerNames].map((name) => {
        const uploadDir = environment(name).UPLOAD_DIR;
        return services[name]?.volumes?.find((volume) => volume.endsWith(`:${uploadDir}`));
      }),
    );
    expect(mounts.size).toBe(1);
    const [mount] = [...mounts];
    expect(Object.keys(compose.volumes)).toContain(mount?.split(":")[0]);
  });
});

describe("compose.yaml topology", () => {
  const longRunning = Object.keys(services).filter((name) => services[name]?.restart !== "no");

  it("checks the health of every long-running service, the Hospipay ones on /readyz at their PORT", () => {
    expect(longRunning.sort()).toEqual([...apiNames, ...workerNames, "postgres", "proxy", "redis"].sort());
    for (const name of longRunning) {
      const healthcheck = services[name]?.healthcheck;
      expect(healthcheck?.disable, name).not.toBe(true);
      expect(healthcheck?.test, name).toBeTruthy();
    }
    for (const name of [...apiNames, ...workerNames]) {
      expect(strings(services[name]?.healthcheck?.test).join(" ")).toContain(`127.0.0.1:${environment(name).PORT}/readyz`);
    }
    expect(services.postgres?.healthcheck?.test).toContain("pg_isready");
  });

  it("starts in order: databases healthy → migration completed → API and worker healthy → proxy", () => {
    expect(services[migrateNames[0] as string]?.depends_on).toEqual({ postgres: { condition: "service_healthy" } });
    for (const name of [...apiNames, ...workerNames]) {
      expect(services[name]?.depends_on, name).toEqual({
        [migrateNames[0] as string]: { condition: "service_completed_successfully" },
        postgres: { condition: "service_healthy" },
        redis: { condition: "service_healthy" },
      });
    }
    expect(services.proxy?.depends_on).toEqual(
      Object.fromEntries(apiNames.map((name) => [name, { condition: "service_healthy" }])),
    );
  });

  it("routes the proxy to exactly the API replicas on their PORT, never the worker", () => {
    const sites = caddySites(caddyfile);
    expect(sites.map((site) => site.address)).toEqual(["{$DOMAIN}"]);
    const targets = upstreams(sites[0]?.lines ?? []);
    expect(targets.sort()).toEqual(apiNames.map((name) => `${name}:${environment(name).PORT}`).sort());
    for (const worker of workerNames) expect(targets.join(" ")).not.toContain(worker);
    expect(sites[0]?.lines).toContain("health_uri /readyz");
  });

  it("serves TLS: a host-name site (automatic HTTPS), ports 443 and 80 published, the Caddyfile mounted", () => {
    const sites = caddySites(caddyfile);
    for (const site of sites) expect(site.address).not.toMatch(/^http:|:80$/);
    expect(caddyfile).not.toMatch(/auto_https\s+off|tls\s+internal/);
    expect(sites[0]?.lines.some((line) => line.startsWith("tls "))).toBe(true);
    const proxy = services.proxy as Service;
    expect(proxy.ports).toEqual(["0.0.0.0:80:80", "0.0.0.0:443:443", "0.0.0.0:443:443/udp"]);
    expect(proxy.volumes).toContain("./deploy/Caddyfile:/etc/caddy/Caddyfile:ro");
    expect(proxy.environment?.DOMAIN).toBe(variables.DOMAIN);
  });

  it("trusts X-Forwarded-For from the proxy's network only, the one network it shares with the replicas", () => {
    const proxyNetworks = services.proxy?.networks ?? [];
    expect(proxyNetworks).toHaveLength(1);
    const edge = proxyNetworks[0] as string;
    const subnet = compose.networks[edge]?.ipam?.config?.[0]?.subnet;
    expect(subnet).toMatch(/^\d+\.\d+\.\d+\.\d+\/\d+$/);
    for (const name of apiNames) {
      expect(services[name]?.networks, name).toContain(edge);
      expect(environment(name).TRUST_PROXY, name).toBe(subnet);
    }
    for (const name of [...workerNames, ...migrateNames, "postgres", "redis"]) {
      expect(services[name]?.networks, name).not.toContain(edge);
    }
  });

  it("publishes nothing but the proxy; the databases' network has no way out; /metrics stays internal", () => {
    for (const name of Object.keys(services).filter((name) => name !== "proxy")) {
      expect(services[name]?.ports, name).toBeUndefined();
    }
    for (const name of ["postgres", "redis"]) {
      for (const network of services[name]?.networks ?? []) expect(compose.networks[network]?.internal, name).toBe(true);
    }
    for (const name of [...apiNames, ...workerNames]) {
      expect(environment(name).METRICS_PORT, name).toMatch(/^\d+$/);
      expect(environment(name).METRICS_PORT).not.toBe(environment(name).PORT);
    }
    expect(caddyfile).toMatch(/@metrics path \/metrics/);
  });

  it("pins every image to a version, PostgreSQL to the major the image's pg_dump speaks", () => {
    for (const [name, service] of Object.entries(services)) {
      expect(service.image, name).toMatch(/:\d+\.\d+(\.\d+)?(-[\w.-]+)?$/);
    }
    const major = /^postgres:(\d+)\./.exec(services.postgres?.image ?? "")?.[1];
    expect(readFileSync(path.join(root, "Dockerfile"), "utf8")).toContain(`postgresql-client-${major}`);
  });
});

describe("the checks' own parsers", () => {
  it("interpolates as Compose does", () => {
    expect(interpolate("a ${X:-d} ${Y-e} $$Z ${W:+alt}", { X: "", W: "1" })).toBe("a d e $Z alt");
    expect(() => interpolate("${X:?set X}", { X: "" })).toThrow(/X is missing a value: set X/);
    expect(interpolate("${X?set X}", { X: "" })).toBe("");
  });

  it("reads a Caddyfile's sites and upstreams", () => {
    const sites = caddySites("{\n\tadmin off\n}\n\nexample.org {\n\treverse_proxy a:1 b:2 {\n\t\tlb_try_duration 1s\n\t}\n}\n");
    expect(sites.map((site) => site.address)).toEqual(["example.org"]);
    expect(upstreams(sites[0]?.lines ?? [])).toEqual(["a:1", "b:2"]);
  });
});
