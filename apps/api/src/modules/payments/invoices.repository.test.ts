import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database";
import { createTestDatabase } from "../../test/test-app";
import { InvoicesRepository, type NewInvoice, type NewInvoiceItem } from "./invoices.repository";

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop?.();
});

const payment = (reference: string, overrides: Partial<NewInvoice> = {}): NewInvoice => ({
  reference,
  userId: null,
  purpose: "checkout",
  paymentMethod: "cash",
  subtotalKobo: 250_000,
  chargeFeeKobo: 0,
  customerName: "Ngozi Relative",
  customerEmail: "Ngozi@Example.com",
  customerPhone: "08031234567",
  hospitalNumber: "FTH/0001",
  transactionDescription: "Consultation",
  customerMeta: { name: "Ngozi Relative" },
  expiresAt: null,
  locale: "en",
  ...overrides,
});

const line: NewInvoiceItem = {
  serviceId: "svc-1",
  serviceName: "Consultation",
  description: "",
  headCode: null,
  serviceTypeId: null,
  departmentName: "General Outpatient",
  category: null,
  fixedPrice: true,
  unitPriceKobo: 125_000,
  qty: 2,
};

describe("InvoicesRepository.insertRecord", () => {
  it("returns the new payment exactly as findById reads it, its items written", async () => {
    const invoices = new InvoicesRepository(db);
    for (const [reference, overrides] of [
      ["HP-INSERT-RECORD-1", {}],
      ["HP-INSERT-RECORD-2", { paymentMethod: "remita", chargeFeeKobo: 10_000, expiresAt: new Date(Date.now() + 3_600_000) }],
    ] as const) {
      const record = await db.transaction((tx) => invoices.insertRecord(tx, payment(reference, overrides), [line]));
      expect(record).toEqual(await invoices.findById(record.id));
      expect(record).toMatchObject({ reference, status: "pending", totalKobo: 250_000 + (overrides.chargeFeeKobo ?? 0) });
      expect(record.customerEmail).toBe("ngozi@example.com");
      expect(await invoices.itemsOf([record.id])).toEqual([
        expect.objectContaining({ invoiceId: record.id, position: 1, qty: 2, unitPriceKobo: 125_000, lineTotalKobo: 250_000 }),
      ]);
    }
  });
});
