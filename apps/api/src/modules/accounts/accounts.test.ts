import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, call, codeFrom, createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const newRegistration = () => {
  n += 1;
  return {
    first_name: "Emeka",
    last_name: "Nwosu",
    email: `Emeka.Nwosu${n}@Example.NG`,
    phone_number: "+2348031234567",
    password: "correct-horse",
  };
};

async function registerAndGetCode(body = newRegistration()) {
  const res = await call(t, "POST", "/auth/register/", body);
  expect(res.status).toBe(201);
  const email = body.email.toLowerCase();
  return { email, code: codeFrom(await t.mailbox(), email), body };
}

describe("registration and verification", () => {
  it("creates an unverified CUSTOMER, whatever role the body claims, and e-mails a 6-digit code", async () => {
    const body = { ...newRegistration(), role: "SUPERADMIN" };
    const res = await call(t, "POST", "/auth/register/", body);
    expect(res.status).toBe(201);
    expect(res.json.email).toBe(body.email.toLowerCase());
    const mail = (await t.mailbox()).find((m) => m.to === body.email.toLowerCase());
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    const { rows } = await t.db.query<{ role: string; email_verified_at: Date | null }>(
      "SELECT role, email_verified_at FROM users WHERE email = $1",
      [body.email.toLowerCase()],
    );
    expect(rows).toEqual([{ role: "CUSTOMER", email_verified_at: null }]);
  });

  it("refuses a second account for the same e-mail with a field error", async () => {
    const body = newRegistration();
    expect((await call(t, "POST", "/auth/register/", body)).status).toBe(201);
    const again = await call(t, "POST", "/auth/register/", { ...body, email: body.email.toUpperCase() });
    expect(again.status).toBe(400);
    expect(again.json.email).toEqual(["A user with this email already exists."]);
  });

  it("keeps an unverified account from signing in and says why", async () => {
    const { body } = await registerAndGetCode();
    const res = await call(t, "POST", "/auth/login/", { username_or_email: body.email, password: body.password });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("email_not_verified");
    expect(String(res.json.detail)).toMatch(/not verified/i);
  });

  it("does not reveal the unverified state to someone without the password", async () => {
    const { body } = await registerAndGetCode();
    const res = await call(t, "POST", "/auth/login/", { username_or_email: body.email, password: "wrong-password" });
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe("Invalid email or password.");
  });

  it("verifies with the code once; the code cannot be used again", async () => {
    const { email, code, body } = await registerAndGetCode();
    const ok = await call(t, "POST", "/verify-email/", { email, code });
    expect(ok.status).toBe(200);
    expect(ok.json.detail).toBe("Your email has been verified. You can now sign in.");
    const again = await call(t, "POST", "/verify-email/", { email, code });
    expect(again.status).toBe(400);
    const login = await call(t, "POST", "/auth/login/", { username_or_email: body.email, password: body.password });
    expect(login.status).toBe(200);
  });

  it("burns the code after 5 wrong tries", async () => {
    const { email, code } = await registerAndGetCode();
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i += 1) {
      const res = await call(t, "POST", "/verify-email/", { email, code: wrong });
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe("Invalid or expired verification code.");
    }
    const right = await call(t, "POST", "/verify-email/", { email, code });
    expect(right.status).toBe(400);
    expect(right.json.detail).toBe("Invalid or expired verification code.");
  });

  it("refuses an expired code (older than 10 minutes)", async () => {
    const { email, code } = await registerAndGetCode();
    await t.db.query(
      "UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = $1)",
      [email],
    );
    expect((await call(t, "POST", "/verify-email/", { email, code })).status).toBe(400);
  });

  it("sets a 10-minute expiry on new codes", async () => {
    const { email } = await registerAndGetCode();
    const { rows } = await t.db.query<{ minutes: number }>(
      `SELECT round(extract(epoch FROM expires_at - now()) / 60)::int AS minutes FROM verification_codes
       WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    );
    expect(rows[0]?.minutes).toBe(10);
  });

  it("answers a wrong code for an unknown e-mail exactly like a wrong code for a real one", async () => {
    const { email, code } = await registerAndGetCode();
    const wrong = code === "123456" ? "654321" : "123456";
    const real = await call(t, "POST", "/verify-email/", { email, code: wrong });
    const unknown = await call(t, "POST", "/verify-email/", { email: "nobody-here@example.ng", code: wrong });
    expect(unknown.status).toBe(real.status);
    expect(unknown.json).toEqual(real.json);
  });
});

describe("resending the code", () => {
  it("waits 60 seconds between codes, server-side, with the seconds left", async () => {
    const { email } = await registerAndGetCode();
    const res = await call(t, "POST", "/resend-verification-code/", { email });
    expect(res.status).toBe(429);
    expect(res.json.detail).toMatch(/^Please wait \d+ seconds before requesting another code\.$/);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(50);
  });

  it("sends a new code after the wait; the old code stops working", async () => {
    const { email, code: oldCode } = await registerAndGetCode();
    await t.db.query("UPDATE email_throttle SET last_sent_at = now() - interval '61 seconds' WHERE email = $1", [email]);
    const res = await call(t, "POST", "/resend-verification-code/", { email });
    expect(res.status).toBe(200);
    const mails = (await t.mailbox()).filter((m) => m.to === email);
    expect(mails).toHaveLength(2);
    const newCode = codeFrom(mails, email);
    if (newCode !== oldCode) expect((await call(t, "POST", "/verify-email/", { email, code: oldCode })).status).toBe(400);
    expect((await call(t, "POST", "/verify-email/", { email, code: newCode })).status).toBe(200);
  });

  it("answers the same for unknown, unverified and verified addresses", async () => {
    const { email } = await registerAndGetCode();
    await t.db.query("UPDATE email_throttle SET last_sent_at = now() - interval '61 seconds' WHERE email = $1", [email]);
    const verified = await buildUser(t);
    const answers = await Promise.all(
      [email, verified.email, "ghost@example.ng"].map((address) =>
        call(t, "POST", "/resend-verification-code/", { email: address }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual(answers[0]?.json);
    }
    const mailed = (await t.mailbox()).map((m) => m.to);
    expect(mailed).not.toContain("ghost@example.ng");
    expect(mailed.filter((to) => to === verified.email)).toHaveLength(0);
  });
});

describe("sign-in, tokens and sign-out", () => {
  it("answers {access, user} with the SPEC profile fields", async () => {
    const user = await buildUser(t, { firstName: "Bola", lastName: "Ige" });
    const res = await call(t, "POST", "/auth/login/", { username_or_email: user.email.toUpperCase(), password: user.password });
    expect(res.status).toBe(200);
    expect(typeof res.json.access).toBe("string");
    expect(res.json.user).toMatchObject({
      email: user.email,
      first_name: "Bola",
      last_name: "Ige",
      role: "CUSTOMER",
      wallet_balance: "0.00",
      wallet_id: expect.any(Number),
      last_transactions: [],
      kyc: {
        hospital_number: "",
        next_of_kin_name: "",
        next_of_kin_phone: "",
        next_of_kin_address: "",
        account_type: "INDIVIDUAL",
      },
    });
    expect(Object.keys(res.json.user as object).sort()).toEqual(
      [
        "email",
        "first_name",
        "id",
        "kyc",
        "last_name",
        "last_transactions",
        "phone_number",
        "role",
        "username",
        "wallet_balance",
        "wallet_id",
      ].sort(),
    );
  });

  it("signs in by username too", async () => {
    const user = await buildUser(t);
    const profile = await call(t, "GET", "/auth/profile/", undefined, user.token);
    const res = await call(t, "POST", "/auth/login/", {
      username_or_email: String(profile.json.username),
      password: user.password,
    });
    expect(res.status).toBe(200);
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const user = await buildUser(t);
    const wrong = await call(t, "POST", "/auth/login/", { username_or_email: user.email, password: "not-the-password" });
    const unknown = await call(t, "POST", "/auth/login/", {
      username_or_email: "nobody@example.ng",
      password: "not-the-password",
    });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual(wrong.json);
  });

  it("stores Argon2id hashes, never the password", async () => {
    const user = await buildUser(t);
    const { rows } = await t.db.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE id = $1", [user.id]);
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.password_hash).not.toContain(user.password);
  });

  it("refuses a missing, malformed, tampered or expired token", async () => {
    const user = await buildUser(t);
    expect((await call(t, "GET", "/auth/profile/")).status).toBe(401);
    expect((await call(t, "GET", "/auth/profile/", undefined, "not-a-jwt")).status).toBe(401);
    const [h, p, s] = user.token.split(".");
    const forged = `${h}.${Buffer.from(JSON.stringify({ sub: String(user.id), role: "SUPERADMIN", ver: 0, iss: "hospipay" })).toString("base64url")}.${s}`;
    expect((await call(t, "GET", "/auth/profile/", undefined, forged)).status).toBe(401);
    expect(p).toBeTruthy();
    const otherKey = await new SignJWT({ role: "CUSTOMER", ver: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(user.id))
      .setIssuer("hospipay")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("x".repeat(48)));
    expect((await call(t, "GET", "/auth/profile/", undefined, otherKey)).status).toBe(401);
    const { rows } = await t.db.query<{ value: string }>("SELECT value FROM app_secrets WHERE name = 'jwt'");
    const expired = await new SignJWT({ role: "CUSTOMER", ver: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(user.id))
      .setIssuer("hospipay")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(rows[0]!.value));
    const res = await call(t, "GET", "/auth/profile/", undefined, expired);
    expect(res.status).toBe(401);
    expect(res.json.code).toBe("token_not_valid");
  });

  it("logout revokes the token", async () => {
    const user = await buildUser(t);
    expect((await call(t, "GET", "/auth/profile/", undefined, user.token)).status).toBe(200);
    expect((await call(t, "POST", "/auth/logout/", undefined, user.token)).status).toBe(200);
    expect((await call(t, "GET", "/auth/profile/", undefined, user.token)).status).toBe(401);
    const again = await call(t, "POST", "/auth/login/", { username_or_email: user.email, password: user.password });
    expect((await call(t, "GET", "/auth/profile/", undefined, String(again.json.access))).status).toBe(200);
  });
});

describe("password reset", () => {
  const linkFrom = async (to: string) => {
    const mail = (await t.mailbox()).find((m) => m.to === to && /reset/i.test(m.subject));
    const link = mail?.text.match(/http:\/\/hospipay\.test\/reset-password\?token=(\S+)/);
    return link ? decodeURIComponent(link[1]!) : null;
  };

  it("answers the same for known and unknown addresses, and mails only the known one", async () => {
    const user = await buildUser(t);
    const known = await call(t, "POST", "/auth/forgot-password/", { email: user.email });
    const unknown = await call(t, "POST", "/auth/forgot-password/", { email: "missing-person@example.ng" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual(known.json);
    expect(typeof known.json.message).toBe("string");
    expect(await linkFrom(user.email)).not.toBeNull();
    expect((await t.mailbox()).some((m) => m.to === "missing-person@example.ng")).toBe(false);
  });

  it("sets a new password with the link once, and revokes old sessions", async () => {
    const user = await buildUser(t);
    await call(t, "POST", "/auth/forgot-password/", { email: user.email });
    const token = await linkFrom(user.email);
    expect(token).not.toBeNull();
    const res = await call(t, "POST", "/auth/reset-password/", { token, new_password: "brand-new-secret" });
    expect(res.status).toBe(200);
    expect((await call(t, "GET", "/auth/profile/", undefined, user.token)).status).toBe(401);
    expect((await call(t, "POST", "/auth/login/", { username_or_email: user.email, password: user.password })).status).toBe(400);
    expect((await call(t, "POST", "/auth/login/", { username_or_email: user.email, password: "brand-new-secret" })).status).toBe(
      200,
    );
    const reuse = await call(t, "POST", "/auth/reset-password/", { token, new_password: "another-secret" });
    expect(reuse.status).toBe(400);
    expect(reuse.json.detail).toBe("This password reset link is invalid or has expired. Please request a new one.");
  });

  it("refuses an expired link and a made-up one, and a short new password", async () => {
    const user = await buildUser(t);
    await call(t, "POST", "/auth/forgot-password/", { email: user.email });
    const token = await linkFrom(user.email);
    const short = await call(t, "POST", "/auth/reset-password/", { token, new_password: "short" });
    expect(short.status).toBe(400);
    expect(short.json.new_password).toEqual(["Ensure this field has at least 8 characters."]);
    await t.db.query("UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1", [user.id]);
    expect((await call(t, "POST", "/auth/reset-password/", { token, new_password: "long-enough-1" })).status).toBe(400);
    expect((await call(t, "POST", "/auth/reset-password/", { token: "made-up", new_password: "long-enough-1" })).status).toBe(
      400,
    );
  });
});
