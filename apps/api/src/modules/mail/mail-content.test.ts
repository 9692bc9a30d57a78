import { API_PATHS, type ServiceRecord } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, itemFor, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, codeFrom } from "../../test/test-app";
import { MAIL_NAME_MAX } from "./mail-templates";

// What people type as their name ends up in e-mails the product sends, some to addresses nobody proved.
// Every request here goes over real HTTP to the app's port.

const SPAM_NAME = "Win now visit http://evil.example and claim";

/** Text a mail client would turn into a link: a scheme, www., a dotted domain name or an e-mail address. */
const LINKABLE = [/[a-z][a-z\d+.-]*:\/\//i, /\bwww\./i, /[\p{L}\p{N}-][.\u3002\uFF0E\uFF61][\p{L}\p{N}-]{2,}/u, /\S@\S/];
const linkable = (text: string) => LINKABLE.filter((pattern) => pattern.test(text)).map(String);

let h: PaymentsHarness;
let openPrice: ServiceRecord;

beforeAll(async () => {
  h = await createPaymentsHarness();
  openPrice = (await h.catalogue()).find((s) => s.fixed_price === "no" && Number(s.price) === 0)!;
});
afterAll(async () => {
  await h?.close();
});

async function http(method: "GET" | "POST" | "PUT", path: string, body?: unknown, token?: string) {
  const response = await fetch(`${h.apiUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

let registrations = 0;
const registration = (firstName: string) => {
  registrations += 1;
  return {
    first_name: firstName,
    last_name: "Okafor",
    email: `mail.content.${registrations}.${Date.now()}@example.ng`,
    phone_number: "08031234567",
    password: "a-long-password-1",
  };
};

/** The name after "Hello " on the mail's greeting line. */
function greetedName(text: string): string {
  const line = text.split("\n")[0]!;
  expect(line).toMatch(/^Hello .*,$/);
  return line.slice("Hello ".length, -1);
}

describe("names in e-mails", () => {
  it("sends the registration's code only to the address being verified, without the name typed with it", async () => {
    const body = registration(SPAM_NAME);
    const before = (await h.t.mailbox()).length;
    expect((await http("POST", API_PATHS.register, body)).status).toBe(201);
    const after = await h.t.mailbox();
    expect(after).toHaveLength(before + 1);
    const mail = after[0]!;
    expect(mail.to).toBe(body.email);
    expect(mail.subject).toMatch(/^Your Hospipay verification code: \d{6}$/);
    expect(mail.text.split("\n")[0]).toBe("Hello,");
    expect(mail.text).not.toContain("evil");
    expect(mail.text).not.toContain("Win now");
    expect(linkable(mail.text)).toEqual([]);

    // A reset asked for the same, still unproven, address carries no name either.
    expect((await http("POST", API_PATHS.forgotPassword, { email: body.email })).status).toBe(200);
    const reset = (await h.t.mailbox()).find((m) => m.to === body.email && /reset/i.test(m.subject))!;
    expect(reset.text.split("\n")[0]).toBe("Hello,");
    expect(reset.text).not.toContain("evil");
  });

  it("prints a name bounded and with nothing a mail client links, in mail to the proven owner", async () => {
    const body = registration(SPAM_NAME);
    expect((await http("POST", API_PATHS.register, body)).status).toBe(201);
    const code = codeFrom(await h.t.mailbox(), body.email);
    expect((await http("POST", API_PATHS.verifyEmail, { email: body.email, code })).status).toBe(200);
    const login = await http("POST", API_PATHS.login, { username_or_email: body.email, password: body.password });
    expect(login.status).toBe(200);
    const changed = await http(
      "POST",
      API_PATHS.changePassword,
      { old_password: body.password, new_password: "another-long-password-2" },
      String(login.json.access),
    );
    expect(changed.status).toBe(200);

    const mail = (await h.t.mailbox()).find((m) => m.to === body.email && /password was changed/.test(m.subject))!;
    const name = greetedName(mail.text);
    expect(Array.from(name).length).toBeLessThanOrEqual(MAIL_NAME_MAX);
    expect(name).toMatch(/^Win now visit /);
    expect(name.endsWith("…")).toBe(true);
    expect(linkable(name)).toEqual([]);
    expect(mail.text).not.toContain("http://evil.example");
    expect(mail.text).not.toContain("evil.example");
  });
});

describe("the refund of a wallet payment made for someone else", () => {
  it("is e-mailed to the wallet's owner, whose wallet got the money, not to the person paid for", async () => {
    const owner = await buildUser(h.t, { firstName: "Bola", lastName: "Owner" });
    const admin = await buildUser(h.t, { role: "ADMIN" });
    const profile = await http("GET", API_PATHS.profile, undefined, owner.token);
    const walletId = Number(profile.json.wallet_id);

    // Fund the wallet: top-up → Remita approves → callback verifies.
    const topUp = await http("POST", API_PATHS.topUp, { amount: "5000", payment_method: "remita" }, owner.token);
    expect(topUp.status).toBe(201);
    const rrr = (topUp.json.rrr_response as { RRR: string }).RRR;
    await h.control("/sandbox/remita/_control/pay", { rrr, outcome: "approve", notify: false });
    const callback = await http(
      "GET",
      `/api/express/callback/top-up/remita/?transaction_id=${String(topUp.json.reference)}&rrr=${rrr}&amount=5000`,
    );
    expect(callback.json.transaction_status).toBe("SUCCESS");

    const other = `someone.else.${Date.now()}@example.ng`;
    const paid = await http(
      "POST",
      API_PATHS.checkout,
      {
        items: [itemFor(openPrice, 1, "2000.00")],
        customer_meta: {
          first_name: "Kemi",
          last_name: "Balogun",
          email: other,
          phone_number: "08098765432",
          hospital_number: "FTH/2026/00999",
          transaction_description: "Physiotherapy for my mother",
        },
        payment_method: "wallet",
        wallet_id: walletId,
        charge_fee: "100.00",
      },
      owner.token,
    );
    expect(paid.status).toBe(201);
    const reference = String(paid.json.reference);

    const refunded = await http("POST", API_PATHS.refundInvoice(reference), { reason: "Session cancelled" }, admin.token);
    expect(refunded.status).toBe(200);
    expect(refunded.json.refund).toMatchObject({ destination: "wallet", status: "completed" });

    const refundMails = (await h.t.mailbox()).filter((m) => m.subject === `Your payment ${reference} was refunded`);
    expect(refundMails.map((m) => m.to)).toEqual([owner.email]);
    expect(refundMails[0]!.text.split("\n")[0]).toBe("Hello Bola,");
    expect(refundMails[0]!.text).toContain("₦2,100.00 is back in your Hospipay wallet");
    expect((await http("GET", API_PATHS.profile, undefined, owner.token)).json.wallet_balance).toBe("5000.00");
  });
});
