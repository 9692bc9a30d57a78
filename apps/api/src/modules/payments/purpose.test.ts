import { describe, expect, it } from "vitest";
import type { InvoiceRecord } from "./invoices.repository";
import { PurposeRegistry, type PaymentPurpose } from "./purpose";

/** A purpose that names itself in its entry's title, so a test can see which one the registry gave. */
function purpose(key: string, title: string, claims?: (invoice: InvoiceRecord) => boolean): PaymentPurpose {
  return {
    key,
    ...(claims ? { claims } : {}),
    begin: () => Promise.resolve({ fits: true, title, credit: () => Promise.resolve([]), settled: () => Promise.resolve() }),
  };
}

const invoice = (fields: Partial<InvoiceRecord>) =>
  ({ id: 1, reference: "HSP-1", purpose: "checkout", billId: null, ...fields }) as InvoiceRecord;

async function titleOf(registry: PurposeRegistry, of: InvoiceRecord): Promise<string> {
  const begun = await registry.of(of).begin({} as never, of);
  if (!begun.fits) throw new Error("expected a purpose that fits");
  return begun.title;
}

describe("PurposeRegistry", () => {
  const registry = new PurposeRegistry()
    .register(purpose("checkout", "cart"))
    .register(purpose("checkout", "part", (of) => of.billId !== null))
    .register(purpose("top_up", "top-up"));

  it("gives a purpose that claims the invoice before the one registered for its key", async () => {
    expect(await titleOf(registry, invoice({ billId: 7 }))).toBe("part");
    expect(await titleOf(registry, invoice({}))).toBe("cart");
    expect(await titleOf(registry, invoice({ purpose: "top_up" }))).toBe("top-up");
  });

  it("refuses a second unclaiming purpose for a key, and an invoice whose purpose nobody registered", () => {
    expect(() => registry.register(purpose("top_up", "again"))).toThrow(/already registered for top_up/);
    expect(() => new PurposeRegistry().of(invoice({}))).toThrow(/no payment purpose is registered for invoice HSP-1/);
  });
});
