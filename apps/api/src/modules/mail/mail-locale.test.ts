import { API_PATHS, type Locale, type ServiceRecord } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, guestCheckout, itemFor, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser } from "../../test/test-app";

// The language a person uses the app in (the web app sends it as Accept-Language) is kept with their
// account, their payments and the bills raised for them, and every e-mail sent later is written in it.

let h: PaymentsHarness;
let service: ServiceRecord;

beforeAll(async () => {
  h = await createPaymentsHarness();
  service = (await h.catalogue()).find((s) => s.fixed_price !== "no" && Number(s.price) > 0)!;
});
afterAll(async () => {
  await h?.close();
});

/** A JSON request through Fastify's injector, in a language (the header the web app sends). */
async function callIn(
  language: string | null,
  method: "GET" | "POST",
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await h.t.app.inject({
    method,
    url,
    headers: {
      ...(language ? { "accept-language": language } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.statusCode, json: (response.body ? response.json() : {}) as Record<string, unknown> };
}

const localeOf = async (table: "users" | "invoices" | "bills", column: string, value: string | number) =>
  (await h.t.db.query<{ locale: Locale }>(`SELECT locale FROM ${table} WHERE ${column} = $1`, [value])).rows[0]?.locale;

let sequence = 0;
const uniqueEmail = (what: string) => `locale.${what}.${++sequence}.${Date.now()}@example.ng`;

describe("the language is kept with the account", () => {
  it("registration stores the request's language and sends the verification code in it (Hausa)", async () => {
    const email = uniqueEmail("register");
    const registered = await callIn("ha-NG,ha;q=0.9,en;q=0.5", "POST", API_PATHS.register, {
      first_name: "Aminu",
      last_name: "Bello",
      email,
      phone_number: "08031234567",
      password: "a-long-password-1",
    });
    expect(registered.status, JSON.stringify(registered.json)).toBe(201);
    expect(await localeOf("users", "email", email)).toBe("ha");
    const mail = (await h.t.mailbox()).find((m) => m.to === email)!;
    expect(mail.subject).toMatch(/^Lambar tabbatarwa ta Hospipay: \d{6}$/);
    const lines = mail.text.split("\n");
    expect(lines[0]).toBe("Sannu,");
    expect(lines[2]).toMatch(/^Lambar tabbatarwarku ta Hospipay ita ce \d{6}\.$/);
    // The code in the text is the one in the subject, and it verifies the address.
    const code = mail.subject.slice(-6);
    expect(lines[2]).toContain(code);
    expect((await callIn("ha", "POST", API_PATHS.verifyEmail, { email, code })).status).toBe(200);
  });

  it("a registration without a language of ours is English, as before", async () => {
    const email = uniqueEmail("register-en");
    const registered = await callIn("fr-FR", "POST", API_PATHS.register, {
      first_name: "Ada",
      last_name: "Obi",
      email,
      phone_number: "08031234567",
      password: "a-long-password-1",
    });
    expect(registered.status).toBe(201);
    expect(await localeOf("users", "email", email)).toBe("en");
    expect((await h.t.mailbox()).find((m) => m.to === email)!.subject).toMatch(/^Your Hospipay verification code: \d{6}$/);
  });

  it("each sign-in and profile update remembers the language used; the password-changed mail is written in it", async () => {
    const user = await buildUser(h.t, { firstName: "Ngozi" });
    expect(await localeOf("users", "id", user.id)).toBe("en");
    const signedIn = await callIn("yo", "POST", API_PATHS.login, { username_or_email: user.email, password: user.password });
    expect(signedIn.status).toBe(200);
    expect(await localeOf("users", "id", user.id)).toBe("yo");

    const updated = await callIn(
      "ig",
      "POST",
      API_PATHS.profileUpdate,
      { first_name: "Ngozi", last_name: "Eze", phone_number: "08031234567" },
      user.token,
    );
    expect(updated.status, JSON.stringify(updated.json)).toBe(200);
    expect(await localeOf("users", "id", user.id)).toBe("ig");

    const changed = await callIn(
      "en",
      "POST",
      API_PATHS.changePassword,
      { old_password: user.password, new_password: "another-long-password-2" },
      user.token,
    );
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    // A call that is neither a sign-in nor a profile update leaves the remembered language as it is.
    expect(await localeOf("users", "id", user.id)).toBe("ig");
    const mail = (await h.t.mailbox()).find((m) => m.to === user.email)!;
    expect(mail.subject).toBe("Agbanweela okwuntughe Hospipay gị");
    expect(mail.text.split("\n")[0]).toBe("Ndewo Ngozi,");

    await callIn("pcm", "POST", API_PATHS.login, { username_or_email: user.email, password: "another-long-password-2" });
    expect(await localeOf("users", "id", user.id)).toBe("pcm");
  });
});

describe("the language is kept with each payment, and its e-mails are written in it", () => {
  it("a guest checkout made in Yoruba gets its receipt in Yoruba once paid", async () => {
    const email = uniqueEmail("guest");
    const started = await callIn("yo", "POST", API_PATHS.checkout, guestCheckout([itemFor(service, 2)], "remita", { email }));
    expect(started.status, JSON.stringify(started.json)).toBe(201);
    const { reference, rrr } = started.json as { reference: string; rrr: string };
    expect(await localeOf("invoices", "reference", reference)).toBe("yo");

    await h.control("/sandbox/remita/_control/pay", { rrr, outcome: "approve", notify: false });
    const done = await callIn(null, "GET", `/api/express/callback/top-up/remita/?transaction_id=${reference}&rrr=${rrr}`);
    expect(done.json.transaction_status).toBe("SUCCESS");

    const receipt = (await h.t.mailbox()).find((m) => m.to === email)!;
    expect(receipt.subject).toBe(`Rìsíìtì Hospipay ${reference}`);
    const lines = receipt.text.split("\n");
    expect(lines[0]).toBe("Ẹ n lẹ́ o Funke Adebayo,");
    expect(lines).toContain("Ẹ ṣé o. Ìsanwó yín sí ilé ìwòsàn ti yọrí sí rere.");
    expect(lines).toContain(`Nọ́mbà ìtọ́kasí: ${reference}`);
    expect(lines).toContain("Ọ̀nà ìsanwó: Remita");
    expect(lines).toContain(`RRR: ${rrr.slice(0, 4)}-${rrr.slice(4, 8)}-${rrr.slice(8)}`);
    expect(lines.find((line) => line.startsWith("Ọjọ́: "))).toMatch(/^Ọjọ́: \d{2} \S+ \d{4}, \d{2}:\d{2} WAT$/);
    expect(lines.find((line) => line.startsWith("Àpapọ̀ tí ẹ san: "))).toMatch(/^Àpapọ̀ tí ẹ san: ₦[\d,]+\.\d{2}$/);
    expect(lines.find((line) => line.startsWith("Kóòdù rìsíìtì: "))).toMatch(/^Kóòdù rìsíìtì: [0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(receipt.text).toContain(`/payment-success?reference=${reference}`);
    expect(receipt.text).not.toMatch(/[{}]/);
  });

  it("a guest who presses pay again for the same cart in another language continues the payment in that one", async () => {
    const email = uniqueEmail("again");
    const body = guestCheckout([itemFor(service, 1)], "remita", { email });
    const first = await callIn("en", "POST", API_PATHS.checkout, body);
    const again = await callIn("pcm", "POST", API_PATHS.checkout, body);
    expect(again.json.reference).toBe(first.json.reference);
    expect(await localeOf("invoices", "reference", String(first.json.reference))).toBe("pcm");
  });

  it("a top-up and a wallet payment keep their request's language; the refund is written in the payment's", async () => {
    const owner = await buildUser(h.t, { firstName: "Tunde" });
    const topUp = await callIn("pcm", "POST", API_PATHS.topUp, { amount: "5000", payment_method: "remita" }, owner.token);
    expect(topUp.status, JSON.stringify(topUp.json)).toBe(201);
    const topUpReference = String(topUp.json.reference);
    expect(await localeOf("invoices", "reference", topUpReference)).toBe("pcm");
    const rrr = (topUp.json.rrr_response as { RRR: string }).RRR;
    await h.control("/sandbox/remita/_control/pay", { rrr, outcome: "approve", notify: false });
    await callIn(null, "GET", `/api/express/callback/top-up/remita/?transaction_id=${topUpReference}&rrr=${rrr}&amount=5000`);
    const funded = (await h.t.mailbox()).find((m) => m.to === owner.email)!;
    expect(funded.subject).toBe("₦5,000.00 don enter your Hospipay wallet");

    const profile = await callIn(null, "GET", API_PATHS.profile, undefined, owner.token);
    const paid = await callIn(
      "ig",
      "POST",
      API_PATHS.checkout,
      {
        items: [itemFor(service, 1)],
        customer_meta: {
          first_name: "Tunde",
          last_name: "Okafor",
          email: owner.email,
          phone_number: "08031234567",
          hospital_number: "FTH/2026/00001",
          transaction_description: "Clinic visit",
        },
        payment_method: "wallet",
        wallet_id: Number(profile.json.wallet_id),
        charge_fee: "100.00",
      },
      owner.token,
    );
    expect(paid.status, JSON.stringify(paid.json)).toBe(201);
    const reference = String(paid.json.reference);
    expect(await localeOf("invoices", "reference", reference)).toBe("ig");
    const receipt = (await h.t.mailbox()).find((m) => m.to === owner.email)!;
    expect(receipt.subject).toBe(`Akwụkwọ nnata Hospipay ${reference}`);
    expect(receipt.text).toContain("Ụzọ ịkwụ ụgwọ: Akpa ego");

    const superAdmin = await buildUser(h.t, { role: "SUPERADMIN" });
    const refunded = await callIn(
      "en",
      "POST",
      API_PATHS.refundInvoice(reference),
      { reason: "Clinic closed" },
      superAdmin.token,
    );
    expect(refunded.status, JSON.stringify(refunded.json)).toBe(200);
    const refund = (await h.t.mailbox()).find((m) => m.to === owner.email)!;
    expect(refund.subject).toBe(`E weghachiela ego ịkwụ ụgwọ gị ${reference}`);
    expect(refund.text).toContain("Ihe kpatara ya: Clinic closed");
  });
});

describe("a bill raised by staff carries the patient's language", () => {
  const bill = (extra: Record<string, unknown>) => ({
    hospital_number: "FTH/2026/L0001",
    patient_name: "Ifeoma Nwankwo",
    patient_phone: "08031112233",
    items: [{ service_id: service.id, quantity: 1 }],
    ...extra,
  });

  it("stores the language chosen (English when none) and sends the bill's link in it; its parts keep their payer's", async () => {
    const agent = await buildUser(h.t, { role: "AGENT" });
    const email = uniqueEmail("patient");
    const raised = await callIn(
      "en",
      "POST",
      API_PATHS.staffBills,
      bill({ patient_email: email, locale: "ig", due_date: "2026-12-01" }),
      agent.token,
    );
    expect(raised.status, JSON.stringify(raised.json)).toBe(201);
    const token = (raised.json.bill as { token: string }).token;
    expect(await localeOf("bills", "token", token)).toBe("ig");
    const link = (await h.t.mailbox()).find((m) => m.to === email)!;
    expect(link.subject).toMatch(/^Ụgwọ ụlọ ọgwụ gị nke ₦[\d,]+\.\d{2}$/);
    expect(link.text).toContain("Biko kwụọ ya tupu 01 Dis 2026.");
    expect(link.text).toContain(`/pay/${token}`);

    const english = await callIn("yo", "POST", API_PATHS.staffBills, bill({}), agent.token);
    expect(english.status).toBe(201);
    expect(await localeOf("bills", "token", (english.json.bill as { token: string }).token)).toBe("en");

    const part = await callIn("ha", "POST", API_PATHS.payBill(token), {
      amount: String(service.price),
      payment_method: "remita",
      payer_name: "Musa Danjuma",
      payer_email: uniqueEmail("payer"),
      payer_phone: "08035556666",
    });
    expect(part.status, JSON.stringify(part.json)).toBe(201);
    expect(await localeOf("invoices", "reference", String(part.json.reference))).toBe("ha");
  });

  it("refuses a language that is not one of ours, with a field error", async () => {
    const agent = await buildUser(h.t, { role: "AGENT" });
    for (const locale of ["fr", "YO", 5, ""]) {
      const refused = await callIn("en", "POST", API_PATHS.staffBills, bill({ locale }), agent.token);
      expect(refused.status, JSON.stringify(locale)).toBe(400);
      // Field errors sit at the top level of the answer, beside its detail and code (DRF style).
      const { detail, code: _code, ...fields } = refused.json;
      expect(typeof detail).toBe("string");
      expect(Object.keys(fields)).toEqual(["locale"]);
    }
  });
});
