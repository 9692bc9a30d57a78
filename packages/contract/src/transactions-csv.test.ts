import { describe, expect, it } from "vitest";
import { invoicesToRows, watDay } from "./transactions-csv";

describe("watDay", () => {
  it("dates an instant on the hospital's calendar (UTC+1), so the Date column agrees with the WAT date filters", () => {
    expect(watDay("2026-11-20T22:59:59.999Z")).toBe("2026-11-20");
    expect(watDay("2026-11-20T23:00:00.000Z")).toBe("2026-11-21");
    expect(watDay("2026-12-31T23:30:00+00:00")).toBe("2027-01-01");
    expect(watDay("not a date")).toBe("not a date");
  });

  it("is the Date of each transaction row", () => {
    const [row] = invoicesToRows([
      {
        id: 7,
        reference: "HSP-1",
        created_at: "2026-11-20T23:30:00.000Z",
        paid_at: null,
        status: "pending",
        payment_method: "remita",
        customer_email: "a@example.ng",
        customer_meta: { name: "Ada" },
        items: [{ amount: "10.00", service: { name: "Consultation" } }],
      },
    ]);
    expect(row!.date).toBe("2026-11-21");
  });
});
