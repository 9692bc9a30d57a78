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
