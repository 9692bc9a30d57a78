import { API_PATHS, FIELD_MESSAGES, type ServiceRecord } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_KYC } from "./kyc-fixtures";
import { createPaymentsHarness, guestCheckout, itemFor, type PaymentsHarness } from "./payments-harness";
import { buildUser } from "./test-app";

/**
 * Names staff read (dashboards, exports, review queues, e-mails) may hold no character that reorders or hides
 * text: U+202E turns "Ada\u202Egnp.exe" into what reads as "Adaexe.png". Every endpoint that takes a typed name
 * refuses one under the field's own key, over real HTTP, and writes nothing.
 */
let h: PaymentsHarness;
let service: ServiceRecord;

beforeAll(async () => {
  h = await createPaymentsHarness();
  service = (await h.catalogue()).find((s) => s.fixed_price !== "no" && Number(s.price) > 0)!;
  expect(service).toBeTruthy();
});
afterAll(async () => {
  await h?.close();
});

const MESSAGE = FIELD_MESSAGES.nameCharacters;
/** One of each kind the rule is for: bidi overrides, embeddings and isolates, marks, zero-width characters, the BOM. */
const SPOOFS = [
  "\u202E",
  "\u202A",
  "\u2066",
  "\u2069",
  "\u200E",
  "\u200F",
  "\u061C",
  "\u200B",
  "\u200C",
  "\u200D",
  "\u2060",
  "\uFEFF",
];

async function post(path: string, body: unknown, token?: string, method = "POST") {
  const response = await fetch(`${h.apiUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function count(table: string): Promise<number> {
  const { rows } = await h.t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]!.n;
}

let sequence = 0;
const registration = (overrides: Record<string, string> = {}) => ({
  first_name: "Ada",
  last_name: "Obi",
  email: `names-${++sequence}-${Date.now()}@example.ng`,
  phone_number: "08031234567",
  password: "correct-horse-1",
  ...overrides,
});

describe("names with direction-control or invisible characters", () => {
  it("registration answers 400 with the field's message for each of them, wherever it sits, and creates no account", async () => {
    const users = await count("users");
    for (const spoof of SPOOFS) {
      for (const name of [`Ada${spoof}gnp.exe`, `${spoof}Ada`, `Ada${spoof}`]) {
        const res = await post(API_PATHS.register, registration({ first_name: name }));
        expect(res, JSON.stringify(name)).toMatchObject({ status: 400, json: { first_name: [MESSAGE] } });
        expect(res.json.last_name).toBeUndefined();
      }
    }
    const last = await post(API_PATHS.register, registration({ last_name: "O\u202Ebi" }));
    expect(last).toMatchObject({ status: 400, json: { last_name: [MESSAGE] } });
    expect(await count("users")).toBe(users);
    // Letters of any script, accents, hyphens, apostrophes and emoji are names.
    const good = await post(API_PATHS.register, registration({ first_name: "Ọlá-Adébáyọ̀ 💉", last_name: "O'Brien محمد" }));
    expect(good.status).toBe(201);
  });

  it("guest checkout answers 400 on customer_meta.name and makes no invoice", async () => {
    const invoices = await count("invoices");
    for (const spoof of SPOOFS) {
      const res = await post(API_PATHS.checkout, guestCheckout([itemFor(service)], "remita", { name: `Funke ${spoof}Adebayo` }));
      expect(res, JSON.stringify(spoof)).toMatchObject({ status: 400, json: { "customer_meta.name": [MESSAGE] } });
    }
    expect(await count("invoices")).toBe(invoices);
    expect((await post(API_PATHS.checkout, guestCheckout([itemFor(service)], "remita", { name: "Fúnkẹ́ Adébáyọ̀" }))).status).toBe(
      201,
    );
  });

  it("a wallet payment for someone else answers 400 on customer_meta.first_name and last_name", async () => {
    const customer = await buildUser(h.t);
    const res = await post(
      API_PATHS.checkout,
      {
        items: [itemFor(service)],
        customer_meta: {
          first_name: "Bisi\u2067",
          last_name: "\u200FAdeyemi",
          email: "bisi@example.ng",
          phone_number: "08031234567",
          hospital_number: "FTH/1",
          transaction_description: "Clinic visit",
        },
        payment_method: "wallet",
        wallet_id: 1,
        charge_fee: "100.00",
      },
      customer.token,
    );
    expect(res).toMatchObject({
      status: 400,
      json: { "customer_meta.first_name": [MESSAGE], "customer_meta.last_name": [MESSAGE] },
    });
  });

  it("the profile update answers 400 on first_name, last_name and next_of_kin_name, and changes nothing", async () => {
    const customer = await buildUser(h.t, { firstName: "Chioma", lastName: "Adeyemi" });
    const res = await post(
      API_PATHS.profileUpdate,
      { first_name: "Chi\u202Eoma", last_name: "\uFEFFAdeyemi", phone_number: "08031234567", next_of_kin_name: "Bisi\u200B" },
      customer.token,
    );
    expect(res).toMatchObject({
      status: 400,
      json: { first_name: [MESSAGE], last_name: [MESSAGE], next_of_kin_name: [MESSAGE] },
    });
    const { rows } = await h.t.db.query("SELECT first_name, last_name FROM users WHERE id = $1", [customer.id]);
    expect(rows[0]).toEqual({ first_name: "Chioma", last_name: "Adeyemi" });
  });

  it("a KYC submission answers 400 on next_of_kin_name", async () => {
    const customer = await buildUser(h.t);
    const res = await post(API_PATHS.kycSubmit, { ...SAMPLE_KYC, next_of_kin_name: "Bisi \u2066Adeyemi" }, customer.token);
    expect(res).toMatchObject({ status: 400, json: { next_of_kin_name: [MESSAGE] } });
    expect((await post(API_PATHS.kycSubmit, SAMPLE_KYC, customer.token)).status).toBe(201);
  });

  it("a staff account answers 400 on first_name and last_name, and is not created", async () => {
    const superAdmin = await buildUser(h.t, { role: "SUPERADMIN" });
    const users = await count("users");
    const res = await post(
      API_PATHS.staffUsers,
      {
        first_name: "Agent\u202E",
        last_name: "\u2060Smith",
        email: "spoof.staff@example.ng",
        phone_number: "08031234567",
        role: "AGENT",
      },
      superAdmin.token,
    );
    expect(res).toMatchObject({ status: 400, json: { first_name: [MESSAGE], last_name: [MESSAGE] } });
    expect(await count("users")).toBe(users);
  });
});
