import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadDir } from "../../env";
import { SAMPLE_KYC, SAMPLE_PNG, upgradeDocuments, uploadUpgrade, type UpgradeFiles } from "../../test/kyc-fixtures";
import { buildUser, call, createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(4_000, 0x90)]);

const storedFiles = async () => (await readdir(path.join(uploadDir(t.env), "kyc")).catch(() => [] as string[])).length;

async function upload(token: string, files: UpgradeFiles) {
  const { status, json } = await uploadUpgrade(t.url, token, files);
  return { status, json };
}

/** A customer whose KYC an admin has verified at tier 2. */
async function verifiedCustomer() {
  const customer = await buildUser(t);
  expect((await call(t, "POST", "/auth/kyc/submit/", SAMPLE_KYC, customer.token)).status).toBe(201);
  const admin = await buildUser(t, { role: "ADMIN" });
  const mine = await call(t, "GET", "/auth/kyc/me/", undefined, customer.token);
  const decided = await call(
    t,
    "POST",
    `/api/staff/kyc/${mine.json.id}/decision/`,
    { decision: "verified", tier_level: 2 },
    admin.token,
  );
  expect(decided.status).toBe(200);
  return { customer, admin, kycId: Number(mine.json.id) };
}

describe("KYC submission and review", () => {
  it("has no record at first, then a PENDING one with SPEC's defaults", async () => {
    const customer = await buildUser(t);
    expect((await call(t, "GET", "/auth/kyc/me/", undefined, customer.token)).status).toBe(404);
    const { account_type: _a, id_type: _i, ...withoutDefaults } = SAMPLE_KYC;
    const res = await call(t, "POST", "/auth/kyc/submit/", withoutDefaults, customer.token);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      status: "PENDING",
      account_type: "INDIVIDUAL",
      id_type: "NIN",
      tier_level: null,
      dob: "1988-04-12",
    });
    expect((await call(t, "POST", "/auth/kyc/submit/", SAMPLE_KYC, customer.token)).status).toBe(409);
    const missing = await call(t, "POST", "/auth/kyc/submit/", { account_type: "INDIVIDUAL" }, (await buildUser(t)).token);
    expect(missing.status).toBe(400);
    expect(missing.json.dob).toEqual(["This field is required."]);
  });

  it("is verified by an admin with a tier; the decision is kept and e-mailed; a verified record cannot change", async () => {
    const { customer, admin, kycId } = await verifiedCustomer();
    const mine = await call(t, "GET", "/auth/kyc/me/", undefined, customer.token);
    expect(mine.json).toMatchObject({ status: "verified", tier_level: 2 });
    const queue = await call(t, "GET", "/api/staff/kyc/?status=verified", undefined, admin.token);
    const entry = (
      queue.json.results as Array<{ id: number; decisions: Array<{ decision: string; decided_by: { email: string } }> }>
    ).find((r) => r.id === kycId);
    expect(entry?.decisions).toEqual([
      expect.objectContaining({ decision: "verified", tier_level: 2, decided_by: { email: admin.email } }),
    ]);
    const mail = (await t.mailbox()).find((m) => m.to === customer.email);
    expect(mail?.subject).toBe("Your Hospipay identity details are verified");
    const locked = await call(t, "PUT", "/auth/kyc/update/", { ...SAMPLE_KYC, address: "Changed" }, customer.token);
    expect(locked.status).toBe(400);
    expect(locked.json.detail).toBe("KYC is already verified and cannot be updated.");
    expect(
      (await call(t, "POST", `/api/staff/kyc/${kycId}/decision/`, { decision: "rejected", reason: "late" }, admin.token)).status,
    ).toBe(409);
  });

  it("lets a rejected customer correct and resubmit (multipart), back to PENDING", async () => {
    const customer = await buildUser(t);
    await call(t, "POST", "/auth/kyc/submit/", SAMPLE_KYC, customer.token);
    const admin = await buildUser(t, { role: "SUPERADMIN" });
    const mine = await call(t, "GET", "/auth/kyc/me/", undefined, customer.token);
    const noReason = await call(t, "POST", `/api/staff/kyc/${mine.json.id}/decision/`, { decision: "rejected" }, admin.token);
    expect(noReason.json.reason).toBeDefined();
    await call(
      t,
      "POST",
      `/api/staff/kyc/${mine.json.id}/decision/`,
      { decision: "rejected", reason: "The NIN does not match the name." },
      admin.token,
    );
    expect((await call(t, "GET", "/auth/kyc/me/", undefined, customer.token)).json).toMatchObject({
      status: "REJECTED",
      rejection_reason: "The NIN does not match the name.",
    });
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...SAMPLE_KYC, id_number: "10987654321" })) form.append(key, value);
    const response = await fetch(`${t.url}/auth/kyc/update/`, {
      method: "PUT",
      headers: { authorization: `Bearer ${customer.token}` },
      body: form,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "PENDING", id_number: "10987654321", rejection_reason: null });
  });

  it("refuses an ID number not in its type's Nigerian format, on submission and correction, JSON or multipart", async () => {
    const customer = await buildUser(t);
    const short = await call(t, "POST", "/auth/kyc/submit/", { ...SAMPLE_KYC, id_number: "12" }, customer.token);
    expect(short.status).toBe(400);
    expect(short.json.id_number).toEqual(["Enter your 11-digit NIN (numbers only)."]);
    expect((await call(t, "GET", "/auth/kyc/me/", undefined, customer.token)).status).toBe(404);
    const passport = await call(
      t,
      "POST",
      "/auth/kyc/submit/",
      { ...SAMPLE_KYC, id_type: "PASSPORT", id_number: "12345678901" },
      customer.token,
    );
    expect(passport.status).toBe(400);
    expect(passport.json.id_number).toEqual(["Enter a Nigerian passport number: one letter and 8 digits, like A12345678."]);
    // Written with spaces, it is kept as its 11 digits.
    const spaced = await call(t, "POST", "/auth/kyc/submit/", { ...SAMPLE_KYC, id_number: "1234 5678 901" }, customer.token);
    expect(spaced.status).toBe(201);
    expect(spaced.json.id_number).toBe("12345678901");
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...SAMPLE_KYC, id_type: "VOTERS_CARD", id_number: "12" }))
      form.append(key, value);
    const response = await fetch(`${t.url}/auth/kyc/update/`, {
      method: "PUT",
      headers: { authorization: `Bearer ${customer.token}` },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Record<string, unknown>).id_number).toEqual([
      "Enter the voter identification number (VIN) on your voter's card: 9 to 19 letters or digits.",
    ]);
    expect((await call(t, "GET", "/auth/kyc/me/", undefined, customer.token)).json).toMatchObject({
      id_type: "NIN",
      id_number: "12345678901",
    });
  });

  it("keeps the review to admins and super admins", async () => {
    for (const role of ["CUSTOMER", "AGENT"] as const) {
      const user = await buildUser(t, { role });
      expect((await call(t, "GET", "/api/staff/kyc/", undefined, user.token)).status).toBe(403);
    }
  });
});

describe("corporate upgrade documents", () => {
  it("upgrades a verified individual with the three documents; the owner and staff can read them, another customer cannot", async () => {
    const { customer, admin } = await verifiedCustomer();
    const before = await storedFiles();
    const res = await upload(customer.token, upgradeDocuments());
    expect(res.status).toBe(200);
    expect(res.json.detail).toBe("Account successfully upgraded to corporate!");
    expect(await storedFiles()).toBe(before + 3);
    const mine = await call(t, "GET", "/auth/kyc/me/", undefined, customer.token);
    expect(mine.json.account_type).toBe("CORPORATE");
    expect((await call(t, "GET", "/auth/profile/", undefined, customer.token)).json.kyc).toMatchObject({
      account_type: "CORPORATE",
    });
    const documents = mine.json.documents as Array<{ slot: string; url: string }>;
    expect(documents.map((d) => d.slot).sort()).toEqual(["board_letter", "cac_certificate", "utility_bill"]);
    const bill = documents.find((d) => d.slot === "utility_bill")!;
    const own = await t.app.inject({ method: "GET", url: bill.url, headers: { authorization: `Bearer ${customer.token}` } });
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("application/pdf");
    expect(own.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const staff = await t.app.inject({ method: "GET", url: bill.url, headers: { authorization: `Bearer ${admin.token}` } });
    expect(staff.statusCode).toBe(200);
    const stranger = await buildUser(t);
    const refused = await t.app.inject({ method: "GET", url: bill.url, headers: { authorization: `Bearer ${stranger.token}` } });
    expect(refused.statusCode).toBe(404);
    expect(JSON.parse(refused.body).detail).toBe("Document not found.");
    expect((await upload(customer.token, upgradeDocuments())).json.detail).toBe("You are already on a Corporate account");
  });

  it("refuses an executable renamed .pdf, a 6 MB file and a missing document, storing nothing", async () => {
    const { customer } = await verifiedCustomer();
    const before = await storedFiles();

    const exe = await upload(customer.token, { ...upgradeDocuments(), utility_bill: { name: "bill.pdf", data: EXE } });
    expect(exe.status).toBe(400);
    expect(exe.json.utility_bill).toEqual(["The file's content is not a PDF file."]);

    const big = await upload(customer.token, {
      ...upgradeDocuments(),
      cac_certificate: { name: "cac.png", data: Buffer.concat([SAMPLE_PNG, Buffer.alloc(6 * 1024 * 1024)]) },
    });
    expect([400, 413]).toContain(big.status);
    expect(big.json.cac_certificate).toEqual(["The file is larger than 5 MB."]);

    const { board_letter: _omitted, ...two } = upgradeDocuments();
    const missing = await upload(customer.token, two);
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({
      detail: "Please upload all required documents!",
      board_letter: ["This file is required."],
    });

    const wrongType = await upload(customer.token, { ...upgradeDocuments(), board_letter: { name: "letter.exe", data: EXE } });
    expect(wrongType.status).toBe(400);

    expect(await storedFiles()).toBe(before);
    expect((await call(t, "GET", "/auth/kyc/me/", undefined, customer.token)).json).toMatchObject({
      account_type: "INDIVIDUAL",
      documents: [],
    });
  });

  it("refuses an upgrade before verification, and a non-multipart body", async () => {
    const customer = await buildUser(t);
    await call(t, "POST", "/auth/kyc/submit/", SAMPLE_KYC, customer.token);
    const early = await upload(customer.token, upgradeDocuments());
    expect(early.status).toBe(400);
    expect(early.json.detail).toBe("Your KYC must be verified before upgrading to a corporate account.");
    expect((await call(t, "POST", "/auth/kyc/upgrade/", {}, customer.token)).status).toBe(415);
  });
});

/** A JSON call over a real socket (the listening test server), as a browser or script would make it. */
async function http(method: "GET" | "POST" | "PUT", url: string, body?: unknown, token?: string) {
  const response = await fetch(`${t.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(bytes.toString("utf8")) as Record<string, unknown>;
  } catch {
    // a document: the bytes say what it was
  }
  return { status: response.status, type: response.headers.get("content-type"), bytes, json };
}

const accountTypeOf = async (token: string) => ({
  record: (await http("GET", "/auth/kyc/me/", undefined, token)).json.account_type,
  profile: ((await http("GET", "/auth/profile/", undefined, token)).json.kyc as { account_type?: string }).account_type,
});

describe("account type: only the upgrade with its documents makes an account corporate", () => {
  it("a submission or correction saying CORPORATE stays INDIVIDUAL, through verification; the upgrade then makes it CORPORATE", async () => {
    const customer = await buildUser(t);
    const admin = await buildUser(t, { role: "ADMIN" });
    const submitted = await http("POST", "/auth/kyc/submit/", { ...SAMPLE_KYC, account_type: "CORPORATE" }, customer.token);
    expect(submitted.status).toBe(201);
    expect(submitted.json.account_type).toBe("INDIVIDUAL");
    expect(await accountTypeOf(customer.token)).toEqual({ record: "INDIVIDUAL", profile: "INDIVIDUAL" });

    // A rejected record corrected with CORPORATE (multipart, as the web sends a correction) stays INDIVIDUAL.
    const kycId = Number(submitted.json.id);
    const rejected = await http(
      "POST",
      `/api/staff/kyc/${kycId}/decision/`,
      { decision: "rejected", reason: "Blurred" },
      admin.token,
    );
    expect(rejected.status).toBe(200);
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...SAMPLE_KYC, account_type: "CORPORATE" })) form.append(key, value);
    const corrected = await fetch(`${t.url}/auth/kyc/update/`, {
      method: "PUT",
      headers: { authorization: `Bearer ${customer.token}` },
      body: form,
    });
    expect(corrected.status).toBe(200);
    expect(((await corrected.json()) as { account_type: string }).account_type).toBe("INDIVIDUAL");
    expect(await accountTypeOf(customer.token)).toEqual({ record: "INDIVIDUAL", profile: "INDIVIDUAL" });

    const verified = await http(
      "POST",
      `/api/staff/kyc/${kycId}/decision/`,
      { decision: "verified", tier_level: 1 },
      admin.token,
    );
    expect(verified.status).toBe(200);
    expect(verified.json.account_type).toBe("INDIVIDUAL");
    expect(await accountTypeOf(customer.token)).toEqual({ record: "INDIVIDUAL", profile: "INDIVIDUAL" });

    const upgraded = await uploadUpgrade(t.url, customer.token, upgradeDocuments());
    expect(upgraded.status).toBe(200);
    expect(await accountTypeOf(customer.token)).toEqual({ record: "CORPORATE", profile: "CORPORATE" });
  });
});

describe("KYC documents: the owner and the KYC reviewers only, by an unguessable id", () => {
  it("answers the owner, an ADMIN and a SUPERADMIN; refuses an AGENT (403) and another customer (404); the sequential id opens nothing", async () => {
    const { customer } = await verifiedCustomer();
    expect((await uploadUpgrade(t.url, customer.token, upgradeDocuments())).status).toBe(200);
    const mine = await http("GET", "/auth/kyc/me/", undefined, customer.token);
    const documents = mine.json.documents as Array<{ id: string; slot: string; url: string }>;
    expect(documents).toHaveLength(3);
    const bill = documents.find((d) => d.slot === "utility_bill")!;
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT d.id::text FROM kyc_documents d JOIN users u ON u.id = d.user_id WHERE u.email = $1 AND d.slot = 'utility_bill'`,
      [customer.email],
    );
    const sequential = rows[0]!.id;
    for (const doc of documents) {
      expect(doc.url).toMatch(/^\/auth\/kyc\/documents\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/$/);
      expect(doc.url).toBe(`/auth/kyc/documents/${doc.id}/`);
    }

    const own = await http("GET", bill.url, undefined, customer.token);
    expect(own.status).toBe(200);
    expect(own.type).toBe("application/pdf");
    expect(own.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    for (const role of ["ADMIN", "SUPERADMIN"] as const) {
      const reviewer = await buildUser(t, { role });
      const res = await http("GET", bill.url, undefined, reviewer.token);
      expect(res.status, role).toBe(200);
      expect(res.bytes.subarray(0, 5).toString(), role).toBe("%PDF-");
      // The review queue hands reviewers the same links.
      const queue = await http("GET", "/api/staff/kyc/?status=verified", undefined, reviewer.token);
      const urls = (queue.json.results as Array<{ documents: Array<{ url: string }> }>).flatMap((r) =>
        r.documents.map((d) => d.url),
      );
      expect(urls).toContain(bill.url);
    }

    const agent = await buildUser(t, { role: "AGENT" });
    const agentRead = await http("GET", bill.url, undefined, agent.token);
    expect(agentRead.status).toBe(403);
    expect(agentRead.bytes.toString()).not.toContain("%PDF-");

    const stranger = await buildUser(t);
    const strangerRead = await http("GET", bill.url, undefined, stranger.token);
    expect(strangerRead.status).toBe(404);
    expect(strangerRead.json.detail).toBe("Document not found.");

    for (const token of [customer.token, (await buildUser(t, { role: "ADMIN" })).token]) {
      const old = await http("GET", `/auth/kyc/documents/${sequential}/`, undefined, token);
      expect(old.status).toBe(404);
      expect(old.json.detail).toBe("Document not found.");
    }
    expect((await http("GET", bill.url)).status).toBe(401);
  });
});

describe("a decided KYC record", () => {
  it("cannot be decided again: 409 with a clear detail, the first decision kept", async () => {
    const { customer, admin, kycId } = await verifiedCustomer();
    const other = await buildUser(t, { role: "SUPERADMIN" });
    for (const [body, token] of [
      [{ decision: "rejected", reason: "Second thoughts" }, other.token],
      [{ decision: "verified", tier_level: 3 }, admin.token],
    ] as const) {
      const again = await http("POST", `/api/staff/kyc/${kycId}/decision/`, body, token);
      expect(again.status).toBe(409);
      expect(again.json).toMatchObject({ detail: "Only a pending KYC submission can be decided.", code: "kyc_not_pending" });
    }
    expect((await http("GET", "/auth/kyc/me/", undefined, customer.token)).json).toMatchObject({
      status: "verified",
      tier_level: 2,
    });
  });
});
