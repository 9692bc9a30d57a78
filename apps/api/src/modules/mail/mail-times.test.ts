import { API_PATHS, type ServiceRecord } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, guestCheckout, itemFor, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, call } from "../../test/test-app";

// The payer reads the receipt e-mail next to the receipt screen: the same WAT time, method name and RRR
// grouping, whatever the server's own time zone (set far from Lagos here, so a UTC or local slip shows).

let h: PaymentsHarness;
let service: ServiceRecord;
const zone = process.env.TZ;

beforeAll(async () => {
  process.env.TZ = "America/Los_Angeles";
  h = await createPaymentsHarness();
  service = (await h.catalogue()).find((s) => s.fixed_price !== "no" && Number(s.price) > 0)!;
});
afterAll(async () => {
  process.env.TZ = zone;
  await h?.close();
});

/** A guest's Remita payment, paid and verified; its reference, RRR and paid_at as stored. */
async function paidRemitaPayment(email: string) {
  const started = await call(h.t, "POST", API_PATHS.checkout, guestCheckout([itemFor(service, 1)], "remita", { email }));
  expect(started.status).toBe(201);
  const { reference, rrr } = started.json as { reference: string; rrr: string };
  await h.control("/sandbox/remita/_control/pay", { rrr, outcome: "approve", notify: false });
  const done = await call(h.t, "GET", `/api/express/callback/top-up/remita/?transaction_id=${reference}&rrr=${rrr}`);
  expect(done.json.transaction_status).toBe("SUCCESS");
  const { rows } = await h.t.db.query<{ paid_at: Date }>("SELECT paid_at FROM invoices WHERE reference = $1", [reference]);
  return { reference, rrr, paidAt: rows[0]!.paid_at };
}

/** "25 Nov 2026, 14:05 WAT" for an instant, computed here from the offset rather than with the formatter under test. */
function watText(at: Date): string {
  const wat = new Date(at.getTime() + 3_600_000);
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(wat.getUTCDate())} ${months[wat.getUTCMonth()]} ${wat.getUTCFullYear()}, ${two(wat.getUTCHours())}:${two(wat.getUTCMinutes())} WAT`;
}

describe("times, method names and RRRs in e-mails", () => {
  it("dates the receipt in West Africa Time, names the method and groups the RRR as Remita prints it", async () => {
    const email = `wat.receipt.${Date.now()}@example.ng`;
    const paid = await paidRemitaPayment(email);
    const receipt = (await h.t.mailbox()).find((m) => m.to === email && m.subject === `Hospipay receipt ${paid.reference}`);
    expect(receipt).toBeDefined();
    const lines = receipt!.text.split("\n");
    const date = lines.find((line) => line.startsWith("Date: "))!;
    // Sent moments after paid_at: the same minute, or the next one when the minute turned in between.
    expect([watText(paid.paidAt), watText(new Date(paid.paidAt.getTime() + 60_000))]).toContain(date.slice("Date: ".length));
    expect(date).not.toMatch(/UTC|GMT|PST|PDT/);
    expect(lines).toContain("Payment method: Remita");
    expect(paid.rrr).toMatch(/^\d{12}$/);
    expect(lines).toContain(`RRR: ${paid.rrr.slice(0, 4)}-${paid.rrr.slice(4, 8)}-${paid.rrr.slice(8)}`);
  });

  it("prints no RRR line on the receipt of a payment without one (wallet)", async () => {
    const owner = await buildUser(h.t, { firstName: "Tunde" });
    const topUp = await call(h.t, "POST", API_PATHS.topUp, { amount: "5000", payment_method: "remita" }, owner.token);
    const rrr = (topUp.json.rrr_response as { RRR: string }).RRR;
    await h.control("/sandbox/remita/_control/pay", { rrr, outcome: "approve", notify: false });
    await call(
      h.t,
      "GET",
      `/api/express/callback/top-up/remita/?transaction_id=${String(topUp.json.reference)}&rrr=${rrr}&amount=5000`,
    );
    const profile = await call(h.t, "GET", API_PATHS.profile, undefined, owner.token);
    const paid = await call(
      h.t,
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
    const receipt = (await h.t.mailbox()).find((m) => m.subject === `Hospipay receipt ${String(paid.json.reference)}`)!;
    expect(receipt.text).toContain("Payment method: Wallet");
    expect(receipt.text).toMatch(/^Date: \d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} WAT$/m);
    expect(receipt.text).not.toContain("RRR:");
  });

  it("names the method a refund goes back through, not its key", async () => {
    const email = `wat.refund.${Date.now()}@example.ng`;
    const paid = await paidRemitaPayment(email);
    const superAdmin = await buildUser(h.t, { role: "SUPERADMIN" });
    const refunded = await call(
      h.t,
      "POST",
      API_PATHS.refundInvoice(paid.reference),
      { reason: "Clinic closed" },
      superAdmin.token,
    );
    expect(refunded.status).toBe(200);
    const mail = (await h.t.mailbox()).find(
      (m) => m.to === email && m.subject === `Your payment ${paid.reference} was refunded`,
    )!;
    expect(mail.text).toContain("returned through the way you paid (Remita);");
    expect(mail.text).not.toContain("(remita)");
  });
});
