import { API_PATHS } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, call, createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const fullUpdate = {
  first_name: "Amaka",
  last_name: "Uche",
  phone_number: "+2348091112222",
  hospital_number: "LUTH-00123",
  next_of_kin_name: "Obinna Uche",
  next_of_kin_phone: "08095556666",
  next_of_kin_address: "12 Marina Road, Lagos",
};

describe("GET /auth/profile/", () => {
  it("answers the signed-in user's own profile", async () => {
    const user = await buildUser(t, { firstName: "Sade", lastName: "Ola", phoneNumber: "08021234567" });
    const res = await call(t, "GET", API_PATHS.profile, undefined, user.token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: user.id,
      email: user.email,
      first_name: "Sade",
      last_name: "Ola",
      phone_number: "08021234567",
      role: "CUSTOMER",
      wallet_balance: "0.00",
      last_transactions: [],
      kyc: {
        hospital_number: "",
        next_of_kin_name: "",
        next_of_kin_phone: "",
        next_of_kin_address: "",
        account_type: "INDIVIDUAL",
      },
    });
  });

  it("never exposes the password hash or the token version", async () => {
    const user = await buildUser(t);
    const res = await call(t, "GET", API_PATHS.profile, undefined, user.token);
    expect(res.text).not.toMatch(/argon2|password|token_version/i);
  });
});

describe("POST /auth/profile/update/", () => {
  it("round-trips every field through GET and sign-in", async () => {
    const user = await buildUser(t);
    const res = await call(t, "POST", API_PATHS.profileUpdate, fullUpdate, user.token);
    expect(res.status).toBe(200);
    const expected = {
      first_name: "Amaka",
      last_name: "Uche",
      phone_number: "+2348091112222",
      kyc: {
        hospital_number: "LUTH-00123",
        next_of_kin_name: "Obinna Uche",
        next_of_kin_phone: "08095556666",
        next_of_kin_address: "12 Marina Road, Lagos",
        account_type: "INDIVIDUAL",
      },
    };
    expect(res.json).toMatchObject(expected);
    expect((await call(t, "GET", API_PATHS.profile, undefined, user.token)).json).toMatchObject(expected);
    const login = await call(t, "POST", API_PATHS.login, { username_or_email: user.email, password: user.password });
    expect(login.json.user).toMatchObject(expected);
  });

  it("trims text, drops spaces and dashes from the phone, and clears optional fields left out or null", async () => {
    const user = await buildUser(t);
    await call(t, "POST", API_PATHS.profileUpdate, fullUpdate, user.token);
    const res = await call(
      t,
      "POST",
      API_PATHS.profileUpdate,
      {
        first_name: "  Amaka  ",
        last_name: "Uche ",
        phone_number: "0809 111-2222",
        hospital_number: null,
        next_of_kin_name: "  ",
      },
      user.token,
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      first_name: "Amaka",
      last_name: "Uche",
      phone_number: "08091112222",
      kyc: { hospital_number: "", next_of_kin_name: "", next_of_kin_phone: "", next_of_kin_address: "" },
    });
  });

  it("does not change the e-mail, role, username or id even when they are sent", async () => {
    const user = await buildUser(t);
    const before = await call(t, "GET", API_PATHS.profile, undefined, user.token);
    const res = await call(
      t,
      "POST",
      API_PATHS.profileUpdate,
      {
        ...fullUpdate,
        email: "someone.else@example.ng",
        role: "SUPERADMIN",
        username: "taken-over",
        id: 1,
        wallet_balance: "999999.00",
      },
      user.token,
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: before.json.id,
      email: user.email,
      role: "CUSTOMER",
      username: before.json.username,
      wallet_balance: "0.00",
    });
    const { rows } = await t.db.query<{ email: string; role: string }>("SELECT email, role FROM users WHERE id = $1", [user.id]);
    expect(rows).toEqual([{ email: user.email, role: "CUSTOMER" }]);
    const stolen = await t.db.query("SELECT 1 FROM users WHERE email = 'someone.else@example.ng'");
    expect(stolen.rows).toHaveLength(0);
  });

  it("changes only the caller's own row", async () => {
    const me = await buildUser(t, { firstName: "Me" });
    const other = await buildUser(t, { firstName: "Other" });
    expect((await call(t, "POST", API_PATHS.profileUpdate, fullUpdate, me.token)).status).toBe(200);
    const res = await call(t, "GET", API_PATHS.profile, undefined, other.token);
    expect(res.json.first_name).toBe("Other");
  });

  it("refuses blank required fields and an invalid phone with field errors", async () => {
    const user = await buildUser(t);
    const res = await call(
      t,
      "POST",
      API_PATHS.profileUpdate,
      { ...fullUpdate, first_name: " ", phone_number: "12" },
      user.token,
    );
    expect(res.status).toBe(400);
    expect(res.json.first_name).toEqual(["This field may not be blank."]);
    expect(res.json.phone_number).toEqual(["Enter a valid phone number."]);
  });
});

describe("POST /auth/profile/change-password/", () => {
  it("refuses a wrong current password with an old_password field error and keeps the old password", async () => {
    const user = await buildUser(t);
    const res = await call(
      t,
      "POST",
      API_PATHS.changePassword,
      { old_password: "not-my-password", new_password: "a-brand-new-one" },
      user.token,
    );
    expect(res.status).toBe(400);
    expect(res.json.old_password).toEqual(["Your current password is incorrect."]);
    expect(typeof res.json.detail).toBe("string");
    expect((await call(t, "GET", API_PATHS.profile, undefined, user.token)).status).toBe(200);
    expect((await call(t, "POST", API_PATHS.login, { username_or_email: user.email, password: user.password })).status).toBe(200);
    expect((await call(t, "POST", API_PATHS.login, { username_or_email: user.email, password: "a-brand-new-one" })).status).toBe(
      400,
    );
  });

  it("returns a new token that works, signs out the old one and every other session, and mails the owner", async () => {
    const user = await buildUser(t);
    const otherDevice = await call(t, "POST", API_PATHS.login, { username_or_email: user.email, password: user.password });
    const otherToken = String(otherDevice.json.access);
    expect((await call(t, "GET", API_PATHS.profile, undefined, otherToken)).status).toBe(200);

    const res = await call(
      t,
      "POST",
      API_PATHS.changePassword,
      { old_password: user.password, new_password: "a-brand-new-one" },
      user.token,
    );
    expect(res.status).toBe(200);
    expect(res.json.detail).toBe("Password updated successfully. Other devices have been signed out.");
    const fresh = String(res.json.access);
    expect(fresh).not.toBe(user.token);

    expect((await call(t, "GET", API_PATHS.profile, undefined, fresh)).status).toBe(200);
    for (const stale of [user.token, otherToken]) {
      const refused = await call(t, "GET", API_PATHS.profile, undefined, stale);
      expect(refused.status).toBe(401);
      expect(refused.json.code).toBe("token_not_valid");
    }
    expect((await call(t, "POST", API_PATHS.login, { username_or_email: user.email, password: user.password })).status).toBe(400);
    expect((await call(t, "POST", API_PATHS.login, { username_or_email: user.email, password: "a-brand-new-one" })).status).toBe(
      200,
    );

    const mail = (await t.mailbox()).filter((m) => m.to === user.email);
    expect(mail.map((m) => m.subject)).toEqual(["Your Hospipay password was changed"]);
  });

  it("needs a new password of at least 8 characters (exactly 8 is enough)", async () => {
    const user = await buildUser(t);
    const short = await call(
      t,
      "POST",
      API_PATHS.changePassword,
      { old_password: user.password, new_password: "1234567" },
      user.token,
    );
    expect(short.status).toBe(400);
    expect(short.json.new_password).toEqual(["Ensure this field has at least 8 characters."]);
    expect((await call(t, "GET", API_PATHS.profile, undefined, user.token)).status).toBe(200);

    const eight = await call(
      t,
      "POST",
      API_PATHS.changePassword,
      { old_password: user.password, new_password: "12345678" },
      user.token,
    );
    expect(eight.status).toBe(200);
    expect((await call(t, "POST", API_PATHS.login, { username_or_email: user.email, password: "12345678" })).status).toBe(200);
  });

  it("does not trim passwords: spaces count as characters", async () => {
    const user = await buildUser(t);
    const res = await call(
      t,
      "POST",
      API_PATHS.changePassword,
      { old_password: user.password, new_password: "  spaced  " },
      user.token,
    );
    expect(res.status).toBe(200);
    expect((await call(t, "POST", API_PATHS.login, { username_or_email: user.email, password: "  spaced  " })).status).toBe(200);
    expect((await call(t, "POST", API_PATHS.login, { username_or_email: user.email, password: "spaced" })).status).toBe(400);
  });
});
