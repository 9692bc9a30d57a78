import { API_PATHS, formatRrr, type ServiceRecord } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, guestCheckout, itemFor, type PaymentsHarness } from "../../test/payments-harness";
import { call } from "../../test/test-app";

// Screens and e-mails print an RRR grouped ("2804-6735-1235"); what a payer copies from them must still
// find the payment, as the plain digits do.

let h: PaymentsHarness;
let service: ServiceRecord;

beforeAll(async () => {
  h = await createPaymentsHarness();
  service = (await h.catalogue()).find((s) => s.fixed_price !== "no" && Number(s.price) > 0)!;
});
afterAll(async () => {
  await h?.close();
});

describe("an RRR as the screens print it", () => {
  it("finds the payment by the grouped RRR on the callback, the same one the plain digits find", async () => {
    const started = await call(h.t, "POST", API_PATHS.checkout, guestCheckout([itemFor(service, 1)], "remita"));
    expect(started.status).toBe(201);
    const { reference, rrr } = started.json as { reference: string; rrr: string };
    const shown = formatRrr(rrr);
    expect(shown).toMatch(/^\d{4}-\d{4}-\d{4}$/);

    const byGrouped = await call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${shown}`);
    const byPlain = await call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${rrr}`);
    expect(byGrouped.status).toBe(200);
    expect(byGrouped.json.transaction_status).toBe("PENDING");
    expect(byGrouped.json).toEqual(byPlain.json);

    // Given with its reference, the grouped RRR is recognised as that payment's own.
    const withReference = await call(h.t, "GET", `/api/express/callback/top-up/remita/?transaction_id=${reference}&rrr=${shown}`);
    expect(withReference.status).toBe(200);
    expect(withReference.json.reference).toBe(reference);
  });
});
