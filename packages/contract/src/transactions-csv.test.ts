import { describe, expect, it } from "vitest";
import { csvField, invoicesToRows, transactionCsvLine, transactionsCsv } from "./transactions-csv";

describe("transaction rows' times", () => {
  it("has the WAT day as the Date of each transaction row", () => {
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

  it("writes Paid At in West Africa Time with its offset, and leaves an unpaid one empty", () => {
    const base = {
      id: 8,
      reference: "HSP-8",
      created_at: "2026-11-20T23:30:00.000Z",
      status: "completed",
      payment_method: "remita",
      customer_email: "a@example.ng",
      customer_meta: { name: "Ada" },
      items: [{ amount: "10.00", service: { name: "Consultation" } }],
    };
    const [paid] = invoicesToRows([{ ...base, paid_at: "2026-11-20T23:30:05.000Z" }]);
    expect(transactionCsvLine(paid!).split(",").at(-1)).toBe("2026-11-21T00:30:05+01:00");
    const [unpaid] = invoicesToRows([{ ...base, paid_at: null }]);
    expect(transactionCsvLine(unpaid!).endsWith("a@example.ng,")).toBe(true);
  });
});

describe("csvField", () => {
  it("quotes a cell holding a comma, a quote or a line break, doubling its quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("two\rlines")).toBe('"two\rlines"');
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
  });

  it("makes a cell a spreadsheet would read as a formula plain text (OWASP CSV injection): a quote before = + - @ tab CR", () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField("+1+2")).toBe("'+1+2");
    expect(csvField("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvField("@SUM(A1:A9)")).toBe("'@SUM(A1:A9)");
    expect(csvField("\t=1+1")).toBe("'\t=1+1");
    expect(csvField("\r=1+1")).toBe('"\'\r=1+1"');
    expect(csvField("=1+1@example.ng")).toBe("'=1+1@example.ng");
    // Only the first character counts: these are ordinary text.
    expect(csvField("Ada-Obi")).toBe("Ada-Obi");
    expect(csvField("a=b")).toBe("a=b");
    expect(csvField("'quoted")).toBe("'quoted");
  });
});

describe("transactions.csv cells", () => {
  const malicious = {
    id: 9,
    reference: "HSP-9",
    created_at: "2026-11-20T10:00:00.000Z",
    paid_at: null,
    status: "pending",
    payment_method: "remita",
    customer_email: "=1+1@example.ng",
    customer_meta: { name: '=HYPERLINK("http://x","y")' },
    items: [{ amount: "10.00", service: { name: "+Scan", description: "@desc", department: { name: "-Lab" } } }],
  };

  it("neutralises every text cell, whatever column it is in", () => {
    const [row] = invoicesToRows([malicious]);
    expect(transactionCsvLine(row!)).toBe(
      '9-0,9,HSP-9,2026-11-20,₦10.00,\'+Scan,\'-Lab,\'@desc,pending,remita,"\'=HYPERLINK(""http://x"",""y"")",\'=1+1@example.ng,',
    );
  });

  it("writes the amount as the number the code formatted, a negative one too, not as neutralised text", () => {
    const [row] = invoicesToRows([{ ...malicious, items: [{ amount: "-1500.50", service: { name: "Refund" } }] }]);
    const cells = transactionsCsv([row!]).split("\r\n")[1]!.split(",");
    expect(cells[4]).toBe("₦-1500.50");
  });
});
