import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SANDBOX_CREDENTIALS } from "@hospipay/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envSchema, loadEnv, REPO_ROOT } from "./env";
import { createTestApp, productionSettings, type TestApp } from "./test/test-app";

/** Production mode with every outside party configured and nothing else: the settings a careless deploy gives. */
const PARTIES_ONLY = {
  SANDBOX: "false",
  CATALOGUE_BASE_URL: "https://catalogue.example.invalid",
  REMITA_BASE_URL: "https://remita.example.invalid",
  MONNIFY_BASE_URL: "https://monnify.example.invalid",
  PAYSTACK_BASE_URL: "https://paystack.example.invalid",
  PAYSTACK_SCRIPT_URL: "https://paystack.example.invalid/v2/inline.js",
  SMS_BASE_URL: "https://sms.example.invalid",
};

/** The message loadEnv throws for these settings (fails the test when it does not throw). */
function refusal(source: Record<string, string>): string {
  try {
    loadEnv(source);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("loadEnv accepted the settings");
}

/** The settings a refusal names, one per line ("  NAME: message"). */
const namedIn = (message: string) =>
  message
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(":")[0]);

const SECRETS = [
  "CATALOGUE_TOKEN",
  "REMITA_API_KEY",
  "MONNIFY_API_KEY",
  "MONNIFY_SECRET_KEY",
  "PAYSTACK_SECRET_KEY",
  "SMS_API_KEY",
];

describe("loadEnv in production mode (SANDBOX=false)", () => {
  it("refuses the sandbox's published credentials, no SMTP, no PUBLIC_URL and a generated JWT secret, listing each at once", () => {
    const message = refusal(PARTIES_ONLY);
    expect(message).toMatch(/^Invalid configuration:\n/);
    expect(namedIn(message).sort()).toEqual(
      [...SECRETS, "HOSPITAL_ACCOUNT_NUMBER", "JWT_SECRET", "PUBLIC_URL", "SMTP_URL"].sort(),
    );
    expect(message).toContain("HOSPITAL_ACCOUNT_NUMBER: is the demo account; set the hospital's real account when SANDBOX=false");
    expect(message).toContain("PAYSTACK_SECRET_KEY: is the sandbox's published value; set the real one when SANDBOX=false");
    expect(message).toContain("SMTP_URL: is required when SANDBOX=false");
  });

  it("refuses a credential given explicitly with its published sandbox value", () => {
    const message = refusal({
      ...productionSettings(),
      PUBLIC_URL: "https://pay.hospital.example",
      PAYSTACK_SECRET_KEY: SANDBOX_CREDENTIALS.paystack.secretKey,
      MONNIFY_SECRET_KEY: SANDBOX_CREDENTIALS.monnify.secretKey,
    });
    expect(namedIn(message).sort()).toEqual(["MONNIFY_SECRET_KEY", "PAYSTACK_SECRET_KEY"]);
  });

  it("lists the production problems together with a malformed setting", () => {
    const message = refusal({ ...PARTIES_ONLY, PORT: "eighty", JWT_SECRET: "short" });
    const named = namedIn(message);
    expect(named).toContain("PORT");
    expect(named.filter((name) => name === "JWT_SECRET")).toHaveLength(1);
    for (const name of [...SECRETS, "PUBLIC_URL", "SMTP_URL"]) expect(named).toContain(name);
  });

  it("starts when every secret, SMTP, PUBLIC_URL and JWT_SECRET are given; /docs stays off unless API_DOCS=true", () => {
    const env = loadEnv({ ...productionSettings(), PUBLIC_URL: "https://pay.hospital.example" });
    expect(env.SANDBOX).toBe(false);
    expect(env.API_DOCS).toBe(false);
    expect(loadEnv({ ...productionSettings(), PUBLIC_URL: "https://pay.hospital.example", API_DOCS: "true" }).API_DOCS).toBe(
      true,
    );
  });

  it("needs none of them in sandbox mode, where /docs is on unless API_DOCS=false", () => {
    expect(loadEnv({}).API_DOCS).toBe(true);
    expect(loadEnv({ API_DOCS: "false" }).API_DOCS).toBe(false);
  });

  it("knows the credentials' defaults as the sandbox's published ones", () => {
    const defaults = envSchema.parse({});
    expect({
      CATALOGUE_TOKEN: defaults.CATALOGUE_TOKEN,
      REMITA_API_KEY: defaults.REMITA_API_KEY,
      MONNIFY_API_KEY: defaults.MONNIFY_API_KEY,
      MONNIFY_SECRET_KEY: defaults.MONNIFY_SECRET_KEY,
      PAYSTACK_SECRET_KEY: defaults.PAYSTACK_SECRET_KEY,
      SMS_API_KEY: defaults.SMS_API_KEY,
    }).toEqual({
      CATALOGUE_TOKEN: SANDBOX_CREDENTIALS.catalogueToken,
      REMITA_API_KEY: SANDBOX_CREDENTIALS.remita.apiKey,
      MONNIFY_API_KEY: SANDBOX_CREDENTIALS.monnify.apiKey,
      MONNIFY_SECRET_KEY: SANDBOX_CREDENTIALS.monnify.secretKey,
      PAYSTACK_SECRET_KEY: SANDBOX_CREDENTIALS.paystack.secretKey,
      SMS_API_KEY: SANDBOX_CREDENTIALS.termii.apiKey,
    });
  });
});

describe("loadEnv's SMS settings", () => {
  it("sends on Termii's dnd route and budgets the codes by default; generic may be chosen", () => {
    expect(loadEnv({})).toMatchObject({ SMS_CHANNEL: "dnd", SMS_CODES_PER_NUMBER_PER_HOUR: 3, SMS_CODES_PER_HOUR: 100 });
    expect(loadEnv({ SMS_CHANNEL: "generic", SMS_CODES_PER_HOUR: "20" })).toMatchObject({
      SMS_CHANNEL: "generic",
      SMS_CODES_PER_HOUR: 20,
    });
  });

  it.each([[{ SMS_CHANNEL: "whatsapp" }], [{ SMS_CODES_PER_NUMBER_PER_HOUR: "0" }], [{ SMS_CODES_PER_HOUR: "many" }]])(
    "refuses %j",
    (source) => {
      expect(refusal(source)).toContain(`  ${Object.keys(source)[0]}: `);
    },
  );
});

describe("loadEnv's hospital on the printed slips", () => {
  it("defaults to the demo hospital, trims what is given and refuses an empty name", () => {
    expect(loadEnv({})).toMatchObject({
      HOSPITAL_NAME: "Federal Teaching Hospital",
      HOSPITAL_ADDRESS: "1 Hospital Road, Ikeja, Lagos",
    });
    expect(loadEnv({ HOSPITAL_NAME: " Lagos General ", HOSPITAL_ADDRESS: "" })).toMatchObject({
      HOSPITAL_NAME: "Lagos General",
      HOSPITAL_ADDRESS: "",
    });
    expect(namedIn(refusal({ HOSPITAL_NAME: "  " }))).toEqual(["HOSPITAL_NAME"]);
  });
});

describe("loadEnv's metrics settings", () => {
  it("takes a METRICS_TOKEN of 16 to 256 printable characters and a METRICS_PORT other than PORT; empty is unset", () => {
    const env = loadEnv({ METRICS_TOKEN: " 0123456789abcdef-XYZ ", METRICS_PORT: "9464" });
    expect(env.METRICS_TOKEN).toBe("0123456789abcdef-XYZ");
    expect(env.METRICS_PORT).toBe(9464);
    expect(loadEnv({ METRICS_TOKEN: "", METRICS_PORT: "" })).toMatchObject({ METRICS_TOKEN: undefined, METRICS_PORT: undefined });
  });

  it.each([
    [{ METRICS_TOKEN: "too-short" }, "METRICS_TOKEN: 16 to 256 printable characters, no spaces"],
    [{ METRICS_TOKEN: "has a space in the middle" }, "METRICS_TOKEN: 16 to 256 printable characters, no spaces"],
    [{ METRICS_TOKEN: "x".repeat(257) }, "METRICS_TOKEN: 16 to 256 printable characters, no spaces"],
    [{ METRICS_PORT: "metrics" }, "METRICS_PORT: "],
    [{ METRICS_PORT: "0" }, "METRICS_PORT: "],
    [{ METRICS_PORT: "65536" }, "METRICS_PORT: "],
    [{ METRICS_PORT: "9464.5" }, "METRICS_PORT: "],
    [{ PORT: "9000", METRICS_PORT: "9000" }, "METRICS_PORT: must differ from PORT (it is the internal port)"],
    [{ METRICS_PORT: "8080" }, "METRICS_PORT: must differ from PORT (it is the internal port)"],
  ])("refuses %j", (source, message) => {
    expect(refusal(source)).toContain(`  ${message}`);
  });

  it("asks for neither in production mode: without them /metrics is simply not served", () => {
    expect(() => loadEnv(productionSettings({ PUBLIC_URL: "https://pay.hospital.example" }))).not.toThrow();
  });
});

describe("the server's start (src/main.ts) in production mode", () => {
  it("refuses to start on sandbox defaults, printing every problem, before it opens a database", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "hospipay-refused-"));
    const started = spawnSync(process.execPath, ["--import", "tsx", path.join(REPO_ROOT, "apps/api/src/main.ts")], {
      cwd: REPO_ROOT,
      // Only these settings: nothing of the test runner's environment may complete them.
      env: { PATH: process.env.PATH ?? "", ...PARTIES_ONLY, PORT: "0", DATA_DIR: dataDir },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain("Invalid configuration:");
    for (const name of [...SECRETS, "HOSPITAL_ACCOUNT_NUMBER", "JWT_SECRET", "PUBLIC_URL", "SMTP_URL"])
      expect(started.stderr).toContain(`  ${name}: `);
  });
});

describe("/docs over HTTP", () => {
  let production: TestApp;
  let withDocs: TestApp;
  beforeAll(async () => {
    production = await createTestApp(productionSettings());
    withDocs = await createTestApp(productionSettings({ API_DOCS: "true" }));
  });
  afterAll(async () => {
    await production?.close();
    await withDocs?.close();
  });

  it("is not served in production mode", async () => {
    for (const path of ["/docs", "/docs/", "/docs/json"]) {
      const res = await fetch(`${production.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ detail: "Not found.", code: "not_found" });
    }
  });

  it("is served in production mode with API_DOCS=true", async () => {
    expect((await fetch(`${withDocs.url}/docs`)).status).toBe(200);
    const document = await fetch(`${withDocs.url}/docs/json`);
    expect(document.status).toBe(200);
    expect(String(((await document.json()) as { openapi: string }).openapi)).toMatch(/^3\./);
  });
});
