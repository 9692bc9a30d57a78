import { Writable } from "node:stream";
import { API_PATHS } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, codeFrom, createTestApp, productionSettings, type TestApp } from "../test/test-app";
import { maskUrl } from "./logger";

describe("maskUrl", () => {
  it("leaves a URL without a query string as it is", () => {
    expect(maskUrl("/auth/login/")).toBe("/auth/login/");
    expect(maskUrl("/")).toBe("/");
  });

  it("masks every secret parameter and keeps the others", () => {
    expect(maskUrl("/reset-password?token=abc.def-ghi")).toBe("/reset-password?token=***");
    expect(maskUrl("/api/express/fetch-transactions/?email=a%40b.ng&digit=123456&page=2")).toBe(
      "/api/express/fetch-transactions/?email=***&digit=***&page=2",
    );
    expect(maskUrl("/x?code=123456&password=p&access=jwt&keep=yes")).toBe("/x?code=***&password=***&access=***&keep=yes");
  });

  it("masks whatever the case or encoding of the parameter name", () => {
    expect(maskUrl("/reset-password?TOKEN=abc")).toBe("/reset-password?TOKEN=***");
    expect(maskUrl("/reset-password?%74oken=abc")).not.toContain("abc");
  });

  it("masks every copy of a repeated secret parameter", () => {
    const masked = maskUrl("/reset-password?token=first&token=second");
    expect(masked).not.toContain("first");
    expect(masked).not.toContain("second");
  });

  it("masks an empty value and copes with an empty query", () => {
    expect(maskUrl("/reset-password?token=")).toBe("/reset-password?token=***");
    expect(maskUrl("/reset-password?")).toBe("/reset-password?");
  });
});

describe("request logs through a whole account journey", () => {
  const lines: string[] = [];
  let pending = "";
  const logStream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      const parts = pending.split("\n");
      pending = parts.pop() ?? "";
      lines.push(...parts.filter((part) => part !== ""));
      done();
    },
  });

  let t: TestApp;
  const secrets: Record<string, string> = {};
  const requestIds: string[] = [];

  beforeAll(async () => {
    // Request lines at info, as in production mode (sandbox mode writes them at debug: see below).
    t = await createTestApp({ LOG_LEVEL: "info", REQUEST_LOG_LEVEL: "info" }, { logStream });
    const email = "logged.journey@example.ng";
    secrets.password = "first-Secret-pass";
    secrets.resetPassword = "second-Secret-pass";
    secrets.changedPassword = "third-Secret-pass";

    const track = <T extends { headers: Record<string, unknown> }>(res: T): T => {
      requestIds.push(String(res.headers["x-request-id"]));
      return res;
    };

    expect(
      track(
        await call(t, "POST", API_PATHS.register, {
          first_name: "Ife",
          last_name: "Ade",
          email,
          phone_number: "08031234567",
          password: secrets.password,
        }),
      ).status,
    ).toBe(201);
    secrets.code = codeFrom(await t.mailbox(), email);
    const wrongCode = secrets.code === "000000" ? "111111" : "000000";
    expect(track(await call(t, "POST", API_PATHS.verifyEmail, { email, code: wrongCode })).status).toBe(400);
    expect(track(await call(t, "POST", API_PATHS.verifyEmail, { email, code: secrets.code })).status).toBe(200);

    const wrongLogin = track(await call(t, "POST", API_PATHS.login, { username_or_email: email, password: "a-wrong-password" }));
    expect(wrongLogin.status).toBe(400);
    const login = track(await call(t, "POST", API_PATHS.login, { username_or_email: email, password: secrets.password }));
    expect(login.status).toBe(200);
    secrets.firstAccess = String(login.json.access);
    expect(track(await call(t, "GET", API_PATHS.profile, undefined, secrets.firstAccess)).status).toBe(200);

    expect(track(await call(t, "POST", API_PATHS.forgotPassword, { email })).status).toBe(200);
    const resetMail = (await t.mailbox()).find((mail) => mail.to === email && /reset/i.test(mail.subject));
    const encoded = resetMail?.text.match(/reset-password\?token=(\S+)/)?.[1];
    expect(encoded).toBeTruthy();
    secrets.resetToken = decodeURIComponent(encoded!);
    // The reset link itself, as a browser opens it: the token travels in the query string.
    track(await call(t, "GET", `/reset-password?token=${encoded}`));
    expect(
      track(await call(t, "POST", API_PATHS.resetPassword, { token: secrets.resetToken, new_password: secrets.resetPassword }))
        .status,
    ).toBe(200);

    const second = track(await call(t, "POST", API_PATHS.login, { username_or_email: email, password: secrets.resetPassword }));
    expect(second.status).toBe(200);
    secrets.secondAccess = String(second.json.access);
    const changed = track(
      await call(
        t,
        "POST",
        API_PATHS.changePassword,
        { old_password: secrets.resetPassword, new_password: secrets.changedPassword },
        secrets.secondAccess,
      ),
    );
    expect(changed.status).toBe(200);
    secrets.thirdAccess = String(changed.json.access);
    expect(track(await call(t, "GET", API_PATHS.profile, undefined, secrets.thirdAccess)).status).toBe(200);
    await t.mailbox();

    const traced = await t.app.inject({ method: "GET", url: API_PATHS.health, headers: { "x-request-id": "trace-abc-123" } });
    expect(traced.headers["x-request-id"]).toBe("trace-abc-123");
    requestIds.push("trace-abc-123");
  });

  afterAll(async () => {
    await t.close();
  });

  const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it("writes one JSON object per line at info level or above", () => {
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    for (const entry of parsed()) {
      expect(typeof entry.msg).toBe("string");
      expect(typeof entry.time).toBe("number");
      expect(entry.level as number).toBeGreaterThanOrEqual(30);
    }
  });

  it("puts the request id on every line written while serving a request", () => {
    const entries = parsed();
    // The only lines outside a request are the listen line and the mail worker's, which name the message instead.
    const background = entries.filter(
      (entry) => entry.reqId === undefined && !String(entry.msg).startsWith("Server listening at "),
    );
    for (const entry of background) {
      expect(entry.msg).toBe("mail sent");
      expect(typeof entry.mailId).toBe("number");
    }
    const requestLines = entries.filter((entry) => entry.reqId !== undefined);
    for (const entry of requestLines) expect(typeof entry.reqId).toBe("string");
    // Each request left an "incoming request" and a "request completed" line with the id it answered in x-request-id.
    for (const id of requestIds) {
      const mine = requestLines.filter((entry) => entry.reqId === id).map((entry) => entry.msg);
      expect(mine, id).toContain("incoming request");
      expect(mine, id).toContain("request completed");
    }
    expect(new Set(requestIds).size).toBe(requestIds.length);
  });

  it("never writes the password, the code, the reset token or an access token", () => {
    const everything = lines.join("\n");
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(5);
      expect(everything.includes(secret), `${name} leaked`).toBe(false);
      expect(everything.includes(encodeURIComponent(secret)), `${name} leaked (encoded)`).toBe(false);
    }
    for (const name of ["firstAccess", "secondAccess", "thirdAccess"]) {
      const signature = secrets[name]!.split(".")[2]!;
      expect(everything.includes(signature), `${name} signature leaked`).toBe(false);
    }
  });

  it("logs the reset link with its token masked", () => {
    const urls = parsed()
      .map((entry) => (entry.req as { url?: string } | undefined)?.url)
      .filter((url): url is string => typeof url === "string");
    expect(urls).toContain("/reset-password?token=***");
    expect(urls).toContain(API_PATHS.resetPassword);
  });
});

describe("the level of the request lines", () => {
  /** The lines an app writes while it serves a few requests (one of them a 404), as parsed JSON. */
  async function linesOf(overrides: Record<string, string>) {
    const written: Array<Record<string, unknown>> = [];
    let pending = "";
    const logStream = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        pending += chunk.toString();
        const parts = pending.split("\n");
        pending = parts.pop() ?? "";
        for (const part of parts) if (part !== "") written.push(JSON.parse(part) as Record<string, unknown>);
        done();
      },
    });
    const app = await createTestApp(overrides, { logStream });
    try {
      for (const url of [API_PATHS.health, API_PATHS.paymentMethods, "/api/no-such-path/"]) await fetch(`${app.url}${url}`);
    } finally {
      await app.close();
    }
    return written;
  }
  const requestLines = (lines: Array<Record<string, unknown>>) =>
    lines.filter((line) => line.msg === "incoming request" || line.msg === "request completed");

  it("sandbox mode at LOG_LEVEL=info: no line per request, so the console stays readable", async () => {
    const lines = await linesOf({ LOG_LEVEL: "info" });
    expect(lines.some((line) => String(line.msg).startsWith("Server listening at "))).toBe(true);
    expect(requestLines(lines)).toEqual([]);
  });

  it("sandbox mode at LOG_LEVEL=debug: both lines of every request, at debug, with status and time", async () => {
    const lines = requestLines(await linesOf({ LOG_LEVEL: "debug" }));
    expect(lines).toHaveLength(6);
    for (const line of lines) expect(line.level).toBe(20);
    const completed = lines.filter((line) => line.msg === "request completed");
    expect(completed.map((line) => (line.res as { statusCode: number }).statusCode)).toEqual([200, 200, 404]);
    for (const line of completed) expect(typeof line.responseTime).toBe("number");
    const incoming = lines.filter((line) => line.msg === "incoming request");
    expect(incoming.map((line) => (line.req as { url: string }).url)).toEqual([
      API_PATHS.health,
      API_PATHS.paymentMethods,
      "/api/no-such-path/",
    ]);
  });

  it("production mode: both lines of every request at info, as operators' log pipelines expect", async () => {
    const lines = requestLines(await linesOf(productionSettings({ LOG_LEVEL: "info", API_DOCS: "false" })));
    expect(lines).toHaveLength(6);
    for (const line of lines) expect(line.level).toBe(30);
  });
});
