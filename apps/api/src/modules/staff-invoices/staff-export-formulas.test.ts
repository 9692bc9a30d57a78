import { API_PATHS, type ServiceRecord } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, guestCheckout, itemFor, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser } from "../../test/test-app";

let h: PaymentsHarness;
let service: ServiceRecord;
let staffToken: string;

beforeAll(async () => {
  h = await createPaymentsHarness();
  service = (await h.catalogue()).find((s) => s.fixed_price !== "no" && Number(s.price) > 0)!;
  expect(service).toBeTruthy();
  staffToken = (await buildUser(h.t, { role: "AGENT" })).token;
});
afterAll(async () => {
  await h?.close();
});

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i += 1;
    } else field += char;
  }
  record.push(field);
  records.push(record);
  return records;
}

/** A guest's checkout over HTTP, as an attacker would send it; its reference. */
async function checkout(customer: Record<string, string>): Promise<string> {
  const response = await fetch(`${h.apiUrl}${API_PATHS.checkout}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(guestCheckout([itemFor(service)], "remita", customer)),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { reference: string }).reference;
}

describe("transactions.csv and formulas typed by a guest", () => {
  it("the server's export writes a name or e-mail a spreadsheet would run as plain text, a quote before it", async () => {
    const attacks = [
      { name: '=HYPERLINK("http://x","y")', email: "=1+1@example.ng" },
      { name: "+SUM(1,2)", email: "-2+3@example.ng" },
      { name: "@SUM(A1:A9)", email: "+cmd@example.ng" },
      { name: "-1+1|' /C calc'!A0", email: "=cmd|'/ccalc'!a0@example.ng" },
    ];
    const references: string[] = [];
    for (const attack of attacks) references.push(await checkout(attack));

    const response = await fetch(`${h.apiUrl}${API_PATHS.invoiceExport}`, { headers: { authorization: `Bearer ${staffToken}` } });
    expect(response.status).toBe(200);
    const [header, ...rows] = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    const at = (column: string) => header!.indexOf(column);
    for (const [index, attack] of attacks.entries()) {
      const row = rows.find((cells) => cells[at("Reference")] === references[index]);
      expect(row, attack.name).toBeDefined();
      expect(row![at("Customer Name")]).toBe(`'${attack.name}`);
      expect(row![at("Customer Email")]).toBe(`'${attack.email}`);
      // The amount stays the number the server wrote.
      expect(row![at("Amount")]).toMatch(/^₦\d+\.\d{2}$/);
    }
    // No cell of the whole file starts a formula.
    for (const cells of rows) for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});
