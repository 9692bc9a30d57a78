import { Writable } from "node:stream";
import { API_PATHS, type ServiceRecord } from "@hospipay/contract";
import { SANDBOX_CREDENTIALS } from "@hospipay/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogProblems } from "../../lib/i18n";
import { sampleValue } from "../metrics";
import { partyUrls } from "../../env";
import { createPaymentsHarness, guestCheckout, itemFor, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, call, createTestApp, type TestApp } from "../../test/test-app";
import { textableNumber } from "./phone-number";
import { SMS_CATALOGS, smsTexts } from "./sms-messages";
import { termiiSender } from "./termii.provider";

interface PhoneMessage {
  message_id: string;
  to: string;
  from: string;
  sms: string;
  channel: string;
}

/** What the sandbox phone received for one number, newest first. */
async function phone(t: TestApp, to: string): Promise<PhoneMessage[]> {
  const response = await fetch(`${t.url}/sandbox/phone.json?to=${encodeURIComponent(to)}`);
  return (await response.json()) as PhoneMessage[];
}

async function outbox(t: TestApp, to: string) {
  const { rows } = await t.db.query<{
    id: number;
    kind: string;
    body: string;
    status: string;
    attempts: number;
    last_error: string | null;
    provider_message_id: string | null;
    wait: number;
    created_at: Date;
  }>(
    `SELECT id, kind, body, status, attempts, last_error, provider_message_id, created_at,
            extract(epoch FROM next_attempt_at - now())::int AS wait
     FROM sms_outbox WHERE to_number = $1 ORDER BY id`,
    [to],
  );
  return rows;
}

const setMode = (t: TestApp, mode: "ok" | "error") =>
  fetch(`${t.url}/sandbox/termii/_control/mode`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ mode }),
  });

let numberSequence = 0;
/** A fresh Nigerian mobile number (typed the local way) and its E.164 form. */
function freshNumber(): { local: string; e164: string } {
  numberSequence += 1;
  const digits = `803${String(Date.now() % 10_000).padStart(4, "0")}${String(numberSequence).padStart(3, "0")}`;
  return { local: `0${digits}`, e164: `+234${digits}` };
}

describe("SMS texts", () => {
  it("have every key in every language, with the English placeholders, and parse", () => {
    expect(catalogProblems(SMS_CATALOGS)).toEqual([]);
  });

  it("fit one 160-character GSM page in English with the longest values", () => {
    const gsm = /^[\n\r !"#$%&'()*+,\-./0-9:;<=>?@A-Z_a-z]*$/;
    const texts = [
      smsTexts.receipt("en", {
        amountKobo: 99_999_999_900,
        reference: `HSP-${"F".repeat(20)}`,
        link: `https://pay.hospital.example.ng/r/${"7".repeat(16)}`,
      }),
      smsTexts.billLink("en", { amountKobo: 99_999_999_900, link: `https://pay.hospital.example.ng/pay/${"a".repeat(20)}` }),
      smsTexts.verificationCode("en", "123456"),
      smsTexts.refund("en", { amountKobo: 99_999_999_900, reference: `HSP-${"F".repeat(20)}`, destination: "original_method" }),
      smsTexts.refund("en", { amountKobo: 99_999_999_900, reference: `HSP-${"F".repeat(20)}`, destination: "wallet" }),
      smsTexts.heldCredit("en", { amountKobo: 99_999_999_900, reference: `HSP-${"F".repeat(20)}` }),
    ];
    for (const text of texts) {
      expect(text, text).toMatch(gsm);
      expect(text.length, text).toBeLessThanOrEqual(160);
    }
    // What a bill's codes are for takes two pages (153 characters each, with the concatenation header).
    const billTexts = [
      smsTexts.billPartReceipt("en", {
        amountKobo: 99_999_999_900,
        reference: `HSP-${"F".repeat(20)}`,
        link: `https://pay.hospital.example.ng/r/${"7".repeat(16)}`,
      }),
      smsTexts.billReceipt("en", {
        amountKobo: 99_999_999_900,
        code: "7777-7777-7777-7777",
        link: `https://pay.hospital.example.ng/r/${"7".repeat(16)}`,
      }),
    ];
    for (const text of billTexts) {
      expect(text, text).toMatch(gsm);
      expect(text.length, text).toBeLessThanOrEqual(306);
    }
    expect(smsTexts.receipt("yo", { amountKobo: 150_000, reference: "HSP-1", link: "L" })).toBe(
      "Hospipay: a ti gba owó NGN 1,500.00 tí o san. Nọ́mbà ìtọ́kasí HSP-1. Ìwé ẹ̀rí ìsanwó: L",
    );
  });
});

describe("phone numbers", () => {
  it("normalise Nigerian mobiles to E.164 however typed, and refuse what cannot receive an SMS", () => {
    for (const typed of ["08031234567", "0803 123 4567", "0803-123-4567", "+2348031234567", "2348031234567", "+234 803 123 4567"])
      expect(textableNumber(typed), typed).toBe("+2348031234567");
    expect(textableNumber("07061234567")).toBe("+2347061234567");
    for (const typed of ["12345", "0123456789", "+447911123456", "08000000000", "", "080312345678901"])
      expect(textableNumber(typed), typed).toBeNull();
  });
});

describe("the Termii adapter against the sandbox simulator over HTTP", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const sender = (apiKey = SANDBOX_CREDENTIALS.termii.apiKey, channel: "dnd" | "generic" = "dnd") =>
    termiiSender({ baseUrl: partyUrls(t.env).sms, apiKey, senderId: "Hospipay", channel, timeoutMs: 2_000 });

  it("sends on Termii's transactional dnd route by default, and a code on the generic route is refused", async () => {
    expect(t.env.SMS_CHANNEL).toBe("dnd");
    const { local, e164 } = freshNumber();
    const user = await buildUser(t, { phoneNumber: local });
    await t.db.query(`UPDATE users SET email_verified_at = NULL WHERE id = $1`, [user.id]);
    expect((await call(t, "POST", API_PATHS.resendVerificationCode, { email: user.email, channel: "sms" })).status).toBe(200);
    await t.smsWorker.flush();
    const [sent] = await phone(t, e164);
    expect(sent).toMatchObject({ channel: "dnd", sms: expect.stringMatching(/code is \d{6}\b/) });
    // The promotional route does not carry one-time codes: the simulator refuses them, as the networks do.
    const code = smsTexts.verificationCode("en", "482913");
    await expect(
      sender(undefined, "generic").send({ id: 1, attempts: 1, to: e164, kind: "verification_code", body: code }),
    ).rejects.toThrow(/^SMS provider answered 400$/);
    expect(await phone(t, e164)).toHaveLength(1);
  });

  it("sends {to without +, from, sms} and returns Termii's message_id", async () => {
    const { e164 } = freshNumber();
    const id = await sender().send({ id: 1, attempts: 1, to: e164, kind: "receipt", body: "Hello from the adapter" });
    expect(id).toMatch(/^\d+$/);
    expect(await phone(t, e164)).toEqual([
      expect.objectContaining({ message_id: id, from: "Hospipay", sms: "Hello from the adapter" }),
    ]);
  });

  it("throws on a refused key or a 5xx, naming the status only", async () => {
    const { e164 } = freshNumber();
    const secret = "code 654321";
    await expect(
      sender("wrong-key").send({ id: 1, attempts: 1, to: e164, kind: "verification_code", body: secret }),
    ).rejects.toThrow(/^SMS provider answered 401$/);
    await setMode(t, "error");
    try {
      await expect(sender().send({ id: 1, attempts: 1, to: e164, kind: "verification_code", body: secret })).rejects.toThrow(
        /^SMS provider answered 500$/,
      );
    } finally {
      await setMode(t, "ok");
    }
    expect(await phone(t, e164)).toEqual([]);
  });
});

describe("the SMS outbox", () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString("utf8"));
        done();
      },
    });
    t = await createTestApp({ LOG_LEVEL: "info", SMS_PER_NUMBER_PER_HOUR: "2" }, { logStream });
  });
  afterAll(async () => {
    await t.close();
  });

  const enqueue = (to: string, body: string) => t.repositories.sms.enqueue({ to, kind: "receipt", body });

  it("sends a message once, recording the provider's id", async () => {
    const { e164 } = freshNumber();
    await enqueue(e164, "Sent once");
    await t.smsWorker.flush();
    await t.smsWorker.flush();
    const received = await phone(t, e164);
    expect(received.map((m) => m.sms)).toEqual(["Sent once"]);
    expect(await outbox(t, e164)).toEqual([
      expect.objectContaining({ status: "sent", attempts: 1, provider_message_id: received[0]!.message_id, last_error: null }),
    ]);
  });

  it("retries after a failure, later, and sends it then", async () => {
    const { e164 } = freshNumber();
    await enqueue(e164, "After an outage");
    await setMode(t, "error");
    try {
      await t.smsWorker.flush();
    } finally {
      await setMode(t, "ok");
    }
    const [failed] = await outbox(t, e164);
    expect(failed).toMatchObject({ status: "pending", attempts: 1, last_error: "SMS provider answered 500" });
    expect(failed!.wait).toBeGreaterThan(0);
    // Not due yet: a pass now leaves it alone.
    await t.smsWorker.flush();
    expect(await phone(t, e164)).toEqual([]);
    await t.db.query(`UPDATE sms_outbox SET next_attempt_at = now() WHERE id = $1`, [failed!.id]);
    await t.smsWorker.flush();
    expect((await phone(t, e164)).map((m) => m.sms)).toEqual(["After an outage"]);
    expect(await outbox(t, e164)).toEqual([expect.objectContaining({ status: "sent", attempts: 2, last_error: null })]);
  });

  it("leases a message: a second lease, as another process's, does not get it until the lease ends", async () => {
    const { e164 } = freshNumber();
    await enqueue(e164, "Leased");
    const first = await t.repositories.sms.leaseDue(100, 120);
    expect(first.filter((row) => row.to === e164)).toHaveLength(1);
    expect((await t.repositories.sms.leaseDue(100, 120)).filter((row) => row.to === e164)).toEqual([]);
    const [leased] = await outbox(t, e164);
    expect(leased!.wait).toBeGreaterThan(100);
    // A crash mid-send: once the lease is over the message is due again.
    await t.db.query(`UPDATE sms_outbox SET next_attempt_at = now() WHERE id = $1`, [leased!.id]);
    await t.smsWorker.flush();
    expect((await phone(t, e164)).map((m) => m.sms)).toEqual(["Leased"]);
  });

  it("sends at most SMS_PER_NUMBER_PER_HOUR to a number within an hour; the next waits, uncounted, and others go on", async () => {
    const busy = freshNumber().e164;
    const other = freshNumber().e164;
    for (const body of ["one", "two", "three"]) await enqueue(busy, body);
    await enqueue(other, "elsewhere");
    await t.smsWorker.flush();
    expect((await phone(t, busy)).map((m) => m.sms)).toEqual(["two", "one"]);
    expect((await phone(t, other)).map((m) => m.sms)).toEqual(["elsewhere"]);
    const held = (await outbox(t, busy))[2]!;
    expect(held).toMatchObject({ status: "pending", attempts: 0 });
    expect(held.wait).toBeGreaterThan(3_500);
    expect(held.wait).toBeLessThanOrEqual(3_600);
    // An hour later the window has room again.
    await t.db.query(`UPDATE sms_outbox SET sent_at = sent_at - interval '61 minutes' WHERE to_number = $1 AND status = 'sent'`, [
      busy,
    ]);
    await t.db.query(`UPDATE sms_outbox SET next_attempt_at = now() WHERE id = $1`, [held.id]);
    await t.smsWorker.flush();
    expect((await phone(t, busy)).map((m) => m.sms)).toEqual(["three", "two", "one"]);
    expect(logLines.join("")).toContain("sms held by its per-recipient limit");
  });

  it("drops a verification code over its number's hourly limit instead of holding it, and counts it", async () => {
    const busy = freshNumber().e164;
    for (const body of ["one", "two"]) await enqueue(busy, body);
    await t.repositories.sms.enqueue({ to: busy, kind: "verification_code", body: "Your Hospipay verification code is 111111." });
    await t.smsWorker.flush();
    expect((await phone(t, busy)).map((m) => m.sms)).toEqual(["two", "one"]);
    const code = (await outbox(t, busy))[2]!;
    expect(code).toMatchObject({ kind: "verification_code", status: "dropped", last_error: "over the number's hourly limit" });
    // An hour later it is still not sent: a dropped code is gone.
    await t.db.query(`UPDATE sms_outbox SET sent_at = sent_at - interval '61 minutes' WHERE to_number = $1 AND status = 'sent'`, [
      busy,
    ]);
    await t.db.query(`UPDATE sms_outbox SET next_attempt_at = now() WHERE id = $1`, [code.id]);
    await t.smsWorker.flush();
    expect(await phone(t, busy)).toHaveLength(2);
    expect(sampleValue(await t.metrics!.scrape(), "hospipay_sms_refused_total", { reason: "number_hourly_limit" })).toBe(1);
  });

  it("never logs a message's body or a verification code, sent or failed", async () => {
    const { local, e164 } = freshNumber();
    const user = await buildUser(t, { phoneNumber: local });
    await t.db.query(`UPDATE users SET email_verified_at = NULL WHERE id = $1`, [user.id]);
    await enqueue(e164, "Body-marker-83621 must stay out of the logs");
    await setMode(t, "error");
    const asked = await call(t, "POST", API_PATHS.resendVerificationCode, { email: user.email, channel: "sms" });
    expect(asked.status).toBe(200);
    try {
      await t.smsWorker.flush();
    } finally {
      await setMode(t, "ok");
    }
    await t.db.query(`UPDATE sms_outbox SET next_attempt_at = now() WHERE to_number = $1`, [e164]);
    await t.smsWorker.flush();
    const texts = (await phone(t, e164)).map((m) => m.sms);
    const code = texts.map((text) => /\b(\d{6})\b/.exec(text)?.[1]).find(Boolean)!;
    expect(code).toMatch(/^\d{6}$/);
    const logs = logLines.join("");
    expect(logs).toContain('"msg":"sms sent"');
    expect(logs).toContain("sms send failed; will retry");
    expect(logs).not.toContain(code);
    expect(logs).not.toContain("Body-marker-83621");
  });
});

describe("messages of each change, queued in its transaction, in the recipient's language", () => {
  let h: PaymentsHarness;
  let t: TestApp;
  let openPrice: ServiceRecord;
  let agent: Awaited<ReturnType<typeof buildUser>>;
  let admin: Awaited<ReturnType<typeof buildUser>>;
  let customer: Awaited<ReturnType<typeof buildUser>>;
  beforeAll(async () => {
    h = await createPaymentsHarness();
    t = h.t;
    openPrice = (await h.catalogue()).find((s) => s.fixed_price === "no" && Number(s.price) === 0)!;
    agent = await buildUser(t, { role: "AGENT" });
    admin = await buildUser(t, { role: "ADMIN" });
    customer = await buildUser(t);
  });
  afterAll(async () => {
    await h.close();
  });

  /** A customer's bank-transfer payment of ₦`naira` (+ ₦100), its language set as checkout will keep it, confirmed by an agent. */
  async function paidTransfer(naira: string, phoneNumber: string, locale: string) {
    const created = await call(
      t,
      "POST",
      API_PATHS.checkout,
      guestCheckout([itemFor(openPrice, 1, naira)], "bank_transfer", { phone: phoneNumber, email: "sms.payer@example.ng" }),
      customer.token,
    );
    expect(created.status, created.text).toBe(201);
    const reference = String(created.json.reference);
    await t.db.query(`UPDATE invoices SET locale = $2 WHERE reference = $1`, [reference, locale]);
    const total = (Number(naira) + 100).toFixed(2);
    const confirmed = await call(
      t,
      "POST",
      API_PATHS.confirmTransfer(reference),
      { amount_received: total, transfer_reference: `FBN-SMS-${reference}` },
      agent.token,
    );
    expect(confirmed.status, confirmed.text).toBe(200);
    return reference;
  }

  it("a receipt: amount, reference and the short link, in the payment's language, committed with the settlement", async () => {
    const { local, e164 } = freshNumber();
    const reference = await paidTransfer("1400.00", local, "yo");
    const { rows } = await t.db.query<{ receipt_code: string; paid_at: Date }>(
      `SELECT r.code AS receipt_code, i.paid_at FROM invoices i JOIN receipt_codes r ON r.invoice_id = i.id WHERE i.reference = $1`,
      [reference],
    );
    const [queued] = await outbox(t, e164);
    expect(queued).toMatchObject({
      kind: "receipt",
      body: `Hospipay: a ti gba owó NGN 1,500.00 tí o san. Nọ́mbà ìtọ́kasí ${reference}. Ìwé ẹ̀rí ìsanwó: http://hospipay.test/r/${rows[0]!.receipt_code}`,
    });
    // now() is the transaction's start: the same moment as the payment's, so the same transaction.
    expect(queued!.created_at.getTime()).toBe(rows[0]!.paid_at.getTime());
    await t.smsWorker.flush();
    expect((await phone(t, e164))[0]?.sms).toBe(queued!.body);
  });

  it("a refund: to the payment's phone, in the payment's language, committed with the refund", async () => {
    const { local, e164 } = freshNumber();
    const reference = await paidTransfer("600.00", local, "ha");
    const refunded = await call(t, "POST", API_PATHS.refundInvoice(reference), { reason: "Service not rendered" }, admin.token);
    expect(refunded.status, refunded.text).toBe(200);
    const queued = (await outbox(t, e164)).filter((row) => row.kind === "refund");
    expect(queued.map((row) => row.body)).toEqual([
      `Hospipay: an mayar da NGN 700.00 daga biyan kuɗi ${reference} ta hanyar da ka biya.`,
    ]);
    const { rows } = await t.db.query<{ created_at: Date }>(
      `SELECT r.created_at FROM refunds r JOIN invoices i ON i.id = r.invoice_id WHERE i.reference = $1`,
      [reference],
    );
    expect(queued[0]!.created_at.getTime()).toBe(rows[0]!.created_at.getTime());
  });

  it("a bill's link: to the patient's phone, in the bill's language, committed with the bill", async () => {
    const { local, e164 } = freshNumber();
    // Raised for a patient who reads Igbo.
    const res = await call(
      t,
      "POST",
      API_PATHS.staffBills,
      {
        hospital_number: "FTH/2026/S0001",
        patient_name: "Chidi Eze",
        patient_phone: local,
        locale: "ig",
        items: [{ service_id: openPrice.id, quantity: 1, price: "2500.00", price_note: "Deposit agreed" }],
      },
      agent.token,
    );
    expect(res.status, res.text).toBe(201);
    const token = (res.json.bill as { token: string }).token;
    const [queued] = await outbox(t, e164);
    expect(queued).toMatchObject({
      kind: "bill_link",
      body: `Hospipay: ụlọ ọgwụ ezitela gị akwụkwọ ụgwọ nke NGN 2,500.00. Lee ya ma kwụọ ya ebe a: http://hospipay.test/pay/${token}`,
    });
    const { rows } = await t.db.query<{ created_at: Date }>(`SELECT created_at FROM bills WHERE token = $1`, [token]);
    expect(queued!.created_at.getTime()).toBe(rows[0]!.created_at.getTime());
  });

  it("a verification code: in the account's language", async () => {
    const { local, e164 } = freshNumber();
    const user = await buildUser(t, { phoneNumber: local });
    await t.db.query(`UPDATE users SET email_verified_at = NULL, locale = 'pcm' WHERE id = $1`, [user.id]);
    expect((await call(t, "POST", API_PATHS.resendVerificationCode, { email: user.email, channel: "sms" })).status).toBe(200);
    const [queued] = await outbox(t, e164);
    expect(queued!.kind).toBe("verification_code");
    expect(queued!.body).toMatch(
      /^Your Hospipay verification code na \d{6}\. E go expire after \d+ minutes\. No show am to anybody\.$/,
    );
  });

  it("nothing when the change rolls back", async () => {
    const { local, e164 } = freshNumber();
    await t.db
      .transaction(async (tx) => {
        await t.services.sms.verificationCode(tx, { id: 0, phoneNumber: local }, "123456");
        throw new Error("the change failed");
      })
      .catch(() => undefined);
    expect(await outbox(t, e164)).toEqual([]);
  });
});

describe("verification by SMS through the API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (email: string, phoneNumber: string) =>
    call(t, "POST", API_PATHS.register, {
      first_name: "Amaka",
      last_name: "Obi",
      email,
      phone_number: phoneNumber,
      password: "Amaka-pays-2026",
    });

  it("registers (code by e-mail), asks for the code by SMS at once, reads it on the phone and verifies with it", async () => {
    const { local, e164 } = freshNumber();
    const email = `amaka.${numberSequence}@example.ng`;
    expect((await register(email, local)).status).toBe(201);
    // The e-mail's wait does not hold the SMS back; the SMS has a wait of its own.
    const asked = await call(t, "POST", API_PATHS.resendVerificationCode, { email, channel: "sms" });
    expect(asked.status).toBe(200);
    expect(asked.json.detail).toBe("If this account still needs verification, a new code has been sent to its phone by SMS.");
    expect((await call(t, "POST", API_PATHS.resendVerificationCode, { email, channel: "sms" })).status).toBe(429);
    expect((await call(t, "POST", API_PATHS.resendVerificationCode, { email })).status).toBe(429);
    await t.smsWorker.flush();
    const [sms] = await phone(t, e164);
    expect(sms?.from).toBe("Hospipay");
    const code = /\b(\d{6})\b/.exec(sms!.sms)![1]!;
    const verified = await call(t, "POST", API_PATHS.verifyEmail, { email, code });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.json.detail).toBe("Your phone number has been verified. You can now sign in.");
  });

  it("a code sent by SMS proves the phone, not the e-mail: the account signs in, its e-mail stays unverified until an e-mailed code", async () => {
    const { local, e164 } = freshNumber();
    const email = `ngozi.${numberSequence}@example.ng`;
    expect((await register(email, local)).status).toBe(201);
    const mailedFirst = (await t.mailbox()).find((m) => m.to === email)!;
    expect((await call(t, "POST", API_PATHS.resendVerificationCode, { email, channel: "sms" })).status).toBe(200);
    await t.smsWorker.flush();
    const smsCode = /\b(\d{6})\b/.exec((await phone(t, e164))[0]!.sms)![1]!;
    // The e-mailed code was replaced by the SMS one: it proves nothing any more.
    const staleMailCode = /\b(\d{6})\b/.exec(mailedFirst.text)![1]!;
    if (staleMailCode !== smsCode)
      expect((await call(t, "POST", API_PATHS.verifyEmail, { email, code: staleMailCode })).status).toBe(400);
    const verified = await call(t, "POST", API_PATHS.verifyEmail, { email, code: smsCode });
    expect(verified.status, verified.text).toBe(200);
    const verifiedState = async () =>
      (
        await t.db.query<{ email_verified: boolean; phone_verified: boolean; verified_phone: string | null }>(
          `SELECT email_verified_at IS NOT NULL AS email_verified, phone_verified_at IS NOT NULL AS phone_verified, verified_phone
           FROM users WHERE email = $1`,
          [email],
        )
      ).rows[0];
    expect(await verifiedState()).toEqual({ email_verified: false, phone_verified: true, verified_phone: e164 });
    // The account was verified by a code it received: it signs in.
    const signedIn = await call(t, "POST", API_PATHS.login, { username_or_email: email, password: "Amaka-pays-2026" });
    expect(signedIn.status, signedIn.text).toBe(200);
    // The e-mail still needs its own code, sent to it on request, and that one verifies it.
    await t.db.query(`UPDATE email_throttle SET last_sent_at = now() - interval '2 minutes' WHERE email = $1`, [email]);
    const asked = await call(t, "POST", API_PATHS.resendVerificationCode, { email });
    expect(asked.status).toBe(200);
    const mailed = (await t.mailbox()).filter((m) => m.to === email);
    expect(mailed, "a second e-mailed code").toHaveLength(2);
    const mailCode = /\b(\d{6})\b/.exec(mailed[0]!.text)![1]!;
    const byMail = await call(t, "POST", API_PATHS.verifyEmail, { email, code: mailCode });
    expect(byMail.status, byMail.text).toBe(200);
    expect(byMail.json.detail).toBe("Your email has been verified. You can now sign in.");
    expect(await verifiedState()).toEqual({ email_verified: true, phone_verified: true, verified_phone: e164 });
  });

  it("an account verified by SMS gets no more codes by SMS", async () => {
    const { local, e164 } = freshNumber();
    const email = `tunde.${numberSequence}@example.ng`;
    expect((await register(email, local)).status).toBe(201);
    expect((await call(t, "POST", API_PATHS.resendVerificationCode, { email, channel: "sms" })).status).toBe(200);
    await t.smsWorker.flush();
    const code = /\b(\d{6})\b/.exec((await phone(t, e164))[0]!.sms)![1]!;
    expect((await call(t, "POST", API_PATHS.verifyEmail, { email, code })).status).toBe(200);
    await t.db.query(`UPDATE email_throttle SET last_sent_at = now() - interval '2 minutes' WHERE email = $1`, [email]);
    expect((await call(t, "POST", API_PATHS.resendVerificationCode, { email, channel: "sms" })).status).toBe(200);
    await t.smsWorker.flush();
    expect(await phone(t, e164)).toHaveLength(1);
  });

  it("answers the same for an unknown account, and for a phone that cannot receive an SMS, sending nothing", async () => {
    const before = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sms_outbox`);
    const unknown = await call(t, "POST", API_PATHS.resendVerificationCode, { email: "nobody.sms@example.ng", channel: "sms" });
    expect(unknown.status).toBe(200);
    expect(unknown.json.detail).toBe("If this account still needs verification, a new code has been sent to its phone by SMS.");
    const email = "landline.only@example.ng";
    expect((await register(email, "0123456789")).status).toBe(201);
    const mailed = (await t.mailbox()).find((m) => m.to === email)!;
    const landline = await call(t, "POST", API_PATHS.resendVerificationCode, { email, channel: "sms" });
    expect(landline.json).toEqual(unknown.json);
    expect((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sms_outbox`)).rows[0]!.n).toBe(before.rows[0]!.n);
    // The e-mailed code still works: no SMS replaced it.
    const code = /\b(\d{6})\b/.exec(mailed.text)![1]!;
    expect((await call(t, "POST", API_PATHS.verifyEmail, { email, code })).status).toBe(200);
  });

  it("keeps SPEC's payload: no channel, an empty or null one is e-mail; an unknown one is a field error", async () => {
    for (const channel of [undefined, "", null, "email"]) {
      const res = await call(t, "POST", API_PATHS.resendVerificationCode, {
        email: `spec.${String(channel)}@example.ng`,
        channel,
      });
      expect(res.status).toBe(200);
      expect(res.json.detail).toBe("If this account still needs verification, a new code has been sent to its email.");
    }
    const bad = await call(t, "POST", API_PATHS.resendVerificationCode, { email: "x@example.ng", channel: "pigeon" });
    expect(bad.status).toBe(400);
    expect(bad.json.channel).toEqual(['"pigeon" is not a valid choice.']);
  });
});

describe("codes by SMS: only to the asking account's own number, within a per-number and a global budget", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMS_CODES_PER_NUMBER_PER_HOUR: "2", SMS_CODES_PER_HOUR: "5" });
  });
  afterAll(async () => {
    await t.close();
  });

  let accountSequence = 0;
  /** Registers an account on `phoneNumber` and asks for its code by SMS; answers the resend's reply. */
  async function registerAndAskSms(phoneNumber: string) {
    accountSequence += 1;
    const email = `pump.${accountSequence}.${Date.now()}@example.ng`;
    const registered = await call(t, "POST", API_PATHS.register, {
      first_name: "Pump",
      last_name: "Test",
      email,
      phone_number: phoneNumber,
      password: "Pump-test-2026",
    });
    expect(registered.status, registered.text).toBe(201);
    const asked = await call(t, "POST", API_PATHS.resendVerificationCode, { email, channel: "sms" });
    return { email, asked };
  }

  const codesTo = async (to: string) =>
    (await outbox(t, to)).filter((row) => row.kind === "verification_code" && row.status !== "dropped").length;
  const refused = async (reason: string) => sampleValue(await t.metrics!.scrape(), "hospipay_sms_refused_total", { reason });

  it("texts one number at most SMS_CODES_PER_NUMBER_PER_HOUR codes, however many accounts name it; the rest are dropped, answered alike and counted", async () => {
    const { local, e164 } = freshNumber();
    const before = (await refused("number_budget")) ?? 0;
    const replies = [];
    for (let i = 0; i < 4; i += 1) replies.push((await registerAndAskSms(local)).asked);
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.json.detail).toBe("If this account still needs verification, a new code has been sent to its phone by SMS.");
    }
    expect(await codesTo(e164)).toBe(2);
    expect(await refused("number_budget")).toBe(before + 2);
    // Nothing waits in the outbox to go later: the refused ones were never queued.
    await t.smsWorker.flush();
    expect(await phone(t, e164)).toHaveLength(2);
    // An hour on, the number has room again.
    await t.db.query(`UPDATE sms_outbox SET created_at = created_at - interval '61 minutes' WHERE to_number = $1`, [e164]);
    expect((await registerAndAskSms(local)).asked.status).toBe(200);
    await t.smsWorker.flush();
    expect(await phone(t, e164)).toHaveLength(3);
  });

  it("texts at most SMS_CODES_PER_HOUR codes in all within an hour; past it none is queued, and each refusal is counted", async () => {
    await t.db.query(`UPDATE sms_outbox SET created_at = created_at - interval '61 minutes' WHERE kind = 'verification_code'`);
    const before = (await refused("global_budget")) ?? 0;
    const numbers = Array.from({ length: 7 }, () => freshNumber());
    for (const { local } of numbers) expect((await registerAndAskSms(local)).asked.status).toBe(200);
    const queued = await Promise.all(numbers.map(({ e164 }) => codesTo(e164)));
    expect(queued).toEqual([1, 1, 1, 1, 1, 0, 0]);
    expect(await refused("global_budget")).toBe(before + 2);
    // The refused accounts keep their e-mailed codes: nothing replaced them.
    const { rows } = await t.db.query<{ channel: string }>(
      `SELECT c.channel FROM verification_codes c JOIN users u ON u.id = c.user_id WHERE u.phone_number = $1`,
      [numbers[6]!.local],
    );
    expect(rows).toEqual([{ channel: "email" }]);
    await t.db.query(`UPDATE sms_outbox SET created_at = created_at - interval '61 minutes' WHERE kind = 'verification_code'`);
  });

  it("sends no code to a number another account has proved with a code: it is bound to that account", async () => {
    const { local, e164 } = freshNumber();
    const owner = await registerAndAskSms(local);
    await t.smsWorker.flush();
    const code = /\b(\d{6})\b/.exec((await phone(t, e164))[0]!.sms)![1]!;
    expect((await call(t, "POST", API_PATHS.verifyEmail, { email: owner.email, code })).status).toBe(200);
    const before = (await refused("number_bound_elsewhere")) ?? 0;
    const stranger = await registerAndAskSms(local);
    expect(stranger.asked.status).toBe(200);
    expect(stranger.asked.json.detail).toBe(
      "If this account still needs verification, a new code has been sent to its phone by SMS.",
    );
    expect(await codesTo(e164)).toBe(1);
    expect(await refused("number_bound_elsewhere")).toBe(before + 1);
  });
});

describe("GET /r/{code}: a receipt's short link", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("redirects to the verify page with the code filled in, however the code is typed", async () => {
    for (const typed of ["7K3MQ9XD2HPAW4RT", "7k3m-q9xd-2hpa-w4rt"]) {
      const res = await t.app.inject(API_PATHS.receiptShortLink(typed));
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/verify-receipt?code=7K3M-Q9XD-2HPA-W4RT");
    }
  });

  it("refuses what cannot be a receipt code with a field error, not the web app", async () => {
    const res = await t.app.inject("/r/not-a-code");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ receipt_code: ["Enter the 16-character receipt code."] });
  });
});
