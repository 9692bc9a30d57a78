import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { API_PATHS } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, call, createTestApp, TEST_DB, type TestApp } from "../../test/test-app";

const INDEX_HTML = `<!doctype html><html><head><title>Hospipay test shell</title></head><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>`;
const APP_JS = `console.log("hospipay test bundle");`;
const SW_JS = `self.addEventListener("fetch", () => {});`;
const WEB_MANIFEST = JSON.stringify({ name: "Hospipay", start_url: "/" });

describe("with a built web app", () => {
  let distDir: string;
  let t: TestApp;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), "hospipay-web-"));
    await mkdir(path.join(distDir, "assets"));
    await writeFile(path.join(distDir, "index.html"), INDEX_HTML);
    await writeFile(path.join(distDir, "assets", "app-abc123.js"), APP_JS);
    await writeFile(path.join(distDir, "sw.js"), SW_JS);
    await writeFile(path.join(distDir, "manifest.webmanifest"), WEB_MANIFEST);
    t = await createTestApp({ WEB_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it("serves the service worker as JavaScript that the browser revalidates on every update check", async () => {
    const res = await t.app.inject({ method: "GET", url: "/sw.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toBe(SW_JS);
  });

  it("serves the web manifest with its media type, not cached for long", async () => {
    const res = await t.app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toBe(WEB_MANIFEST);
  });

  it("lets the pages register their own service worker and manifest, and no other origin's", async () => {
    const csp = (await t.app.inject({ method: "GET", url: "/" })).headers["content-security-policy"];
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it.each(["/", "/login", "/register", "/dashboard", "/reset-password?token=x", "/bank-details/remita/REF1", "/no/such/page"])(
    "GET %s → the app shell, never cached",
    async (url) => {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toBe(INDEX_HTML);
    },
  );

  it("sends security headers with the shell (CSP, no framing, no sniffing)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/login" });
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("serves a hashed asset with immutable caching", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.body).toBe(APP_JS);
  });

  it("answers a missing asset with a real 404, not the app shell", async () => {
    for (const url of ["/assets/missing.js", "/favicon-missing.png"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain("Hospipay test shell");
    }
  });

  it("does not serve files outside the web folder", async () => {
    for (const url of [
      "/../package.json",
      "/assets/../../package.json",
      "/%2e%2e/package.json",
      "/assets/%2e%2e%2f%2e%2e%2fpackage.json",
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.body, url).not.toContain('"name"');
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it.each([
    ["GET", "/auth/nope/"],
    ["GET", "/api/nope"],
    ["GET", "/express/nope/"],
    ["GET", "/invoices/nope/"],
    ["GET", "/sandbox/nope"],
    ["POST", "/auth/nope/"],
    ["POST", "/dashboard"],
    ["DELETE", "/auth/profile/"],
    ["PUT", "/"],
  ] as const)("%s %s (no such route) → JSON 404 with a detail", async (method, url) => {
    const res = await call(t, method, url, method === "GET" || method === "DELETE" ? undefined : {});
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json).toEqual({ detail: "Not found.", code: "not_found" });
  });

  it("answers /healthz and /readyz with the database kind", async () => {
    expect((await call(t, "GET", API_PATHS.health)).json).toEqual({ status: "ok" });
    const ready = await call(t, "GET", API_PATHS.ready);
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: "ready", database: TEST_DB });
  });

  it("publishes an OpenAPI document listing the API's paths", async () => {
    const res = await call(t, "GET", "/docs/json");
    expect(res.status).toBe(200);
    expect(String(res.json.openapi)).toMatch(/^3\./);
    const paths = Object.keys(res.json.paths as object);
    for (const p of [API_PATHS.login, API_PATHS.register, API_PATHS.verifyEmail, API_PATHS.profile, API_PATHS.changePassword])
      expect(paths).toContain(p);
    const login = (res.json.paths as Record<string, { post?: { requestBody?: unknown } }>)[API_PATHS.login];
    expect(JSON.stringify(login?.post?.requestBody)).toContain("username_or_email");
  });
});

describe("with the pages and compressed files of a web build (apps/web/build-pages.ts)", () => {
  const LOGIN_HTML = INDEX_HTML.replace('<div id="root"></div>', '<div id="root"><h1>Sign In</h1></div>');
  const EDIT_HTML = INDEX_HTML.replace("</head>", '<link rel="modulepreload" href="/assets/edit-1.js"></head>');
  let distDir: string;
  let t: TestApp;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), "hospipay-web-"));
    await mkdir(path.join(distDir, "assets"));
    await mkdir(path.join(distDir, "pages", "profile"), { recursive: true });
    await writeFile(path.join(distDir, "index.html"), INDEX_HTML);
    await writeFile(path.join(distDir, "pages", "login.html"), LOGIN_HTML);
    await writeFile(path.join(distDir, "pages", "login.html.br"), brotliCompressSync(LOGIN_HTML));
    await writeFile(path.join(distDir, "pages", "profile", "edit.html"), EDIT_HTML);
    await writeFile(path.join(distDir, "assets", "app-abc123.js"), APP_JS);
    await writeFile(path.join(distDir, "assets", "app-abc123.js.br"), brotliCompressSync(APP_JS));
    await writeFile(path.join(distDir, "assets", "app-abc123.js.gz"), gzipSync(APP_JS));
    t = await createTestApp({ WEB_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it("answers a path the build wrote a page for with that page, and any other with the app shell", async () => {
    for (const [url, body] of [
      ["/login", LOGIN_HTML],
      ["/login?next=x", LOGIN_HTML],
      ["/profile/edit", EDIT_HTML],
      ["/dashboard", INDEX_HTML],
      ["/profile", INDEX_HTML],
    ] as const) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.body, url).toBe(body);
    }
  });

  it("sends the brotli or gzip file when the browser accepts it, else the plain one", async () => {
    const br = await t.app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);

    const gz = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");

    const plain = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(APP_JS);

    const page = await t.app.inject({ method: "GET", url: "/login", headers: { "accept-encoding": "br" } });
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(LOGIN_HTML);
  });

  it("gives the pages and compressed files no address of their own", async () => {
    for (const url of ["/pages/login.html", "/assets/app-abc123.js.br", "/assets/app-abc123.js.gz"]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
  });
});

describe("without a built web app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: path.join(tmpdir(), "hospipay-no-such-web-dist") });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers page requests with 503 text telling how to build", async () => {
    for (const url of ["/", "/login", "/reset-password?token=x"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(res.body).toMatch(/not built yet/);
      expect(res.body).toMatch(/npm run build/);
    }
  });

  it("still serves the API", async () => {
    expect((await call(t, "GET", API_PATHS.health)).status).toBe(200);
    expect((await call(t, "GET", "/auth/nope/")).status).toBe(404);
    const user = await buildUser(t);
    expect((await call(t, "GET", API_PATHS.profile, undefined, user.token)).status).toBe(200);
  });
});

describe("rate limit on the sign-in calls", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: "3" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("refuses the 4th login in the window with 429, a detail and a retry-after", async () => {
    const body = { username_or_email: "nobody@example.ng", password: "wrong-password" };
    for (let i = 0; i < 3; i += 1) expect((await call(t, "POST", API_PATHS.login, body)).status).toBe(400);
    const fourth = await call(t, "POST", API_PATHS.login, body);
    expect(fourth.status).toBe(429);
    expect(fourth.json.detail).toBe("Too many requests. Please wait a minute and try again.");
    expect(fourth.json.code).toBe("throttled");
    expect(Number(fourth.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("counts each route on its own, and leaves unlimited routes alone", async () => {
    const body = { email: "nobody@example.ng" };
    for (let i = 0; i < 3; i += 1) expect((await call(t, "POST", API_PATHS.forgotPassword, body)).status).toBe(200);
    expect((await call(t, "POST", API_PATHS.forgotPassword, body)).status).toBe(429);
    for (let i = 0; i < 5; i += 1) expect((await call(t, "GET", API_PATHS.health)).status).toBe(200);
  });
});
