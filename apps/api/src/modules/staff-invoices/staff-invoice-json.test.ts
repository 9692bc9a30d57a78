import { API_PATHS, invoiceFilterResponseSchema, invoiceSchema } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildUser, call, createTestApp, type TestApp } from "../../test/test-app";
import { toInvoiceFilter, StaffInvoicesRepository } from "./staff-invoices.repository";

let t: TestApp;
let staffToken: string;

/**
 * Every key path a schema declares ("items[].service.name"), through optional, nullable and array
 * wrappers: what an answer may hold.
 */
function schemaPaths(schema: z.ZodType, prefix = ""): string[] {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return schemaPaths(schema.unwrap() as z.ZodType, prefix);
  if (schema instanceof z.ZodArray) return schemaPaths(schema.element as z.ZodType, `${prefix}[]`);
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, value]) => {
      const path = prefix ? `${prefix}.${key}` : key;
      return [path, ...schemaPaths(value, path)];
    });
  }
  return [];
}

/** Every key path of a JSON value, in the same notation. */
function jsonPaths(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((element) => jsonPaths(element, `${prefix}[]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...jsonPaths(inner, path)];
  });
}

/** The distinct key paths of some invoices, sorted. */
const pathsOf = (invoices: unknown[]) => [...new Set(invoices.flatMap((invoice) => jsonPaths(invoice)))].sort();

/** An invoice straight in the tables, with items of these departments (null: none). */
async function invoice(customerName: string, departments: Array<string | null>) {
  const id = await t.db.transaction((tx) =>
    t.repositories.invoices.insert(
      tx,
      {
        reference: `HSP-JSON-${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
        userId: null,
        purpose: "checkout",
        paymentMethod: "remita",
        subtotalKobo: departments.length * 100_000,
        chargeFeeKobo: 10_000,
        customerName,
        customerEmail: "json.row@example.ng",
        customerPhone: "08011112222",
        hospitalNumber: "H-1",
        transactionDescription: "",
        customerMeta: {},
        expiresAt: null,
        locale: "en",
      },
      departments.map((departmentName, index) => ({
        serviceId: String(index + 1),
        serviceName: `Service ${index + 1}`,
        description: index === 0 ? "" : "A described line",
        headCode: null,
        serviceTypeId: null,
        departmentName,
        category: null,
        fixedPrice: true,
        unitPriceKobo: 100_000,
        qty: 1,
      })),
    ),
  );
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  staffToken = (await buildUser(t, { role: "AGENT" })).token;
  const paid = await invoice("Paid Payer", ["Laboratory", null]);
  await t.db.query("UPDATE invoices SET status = 'completed', paid_at = now() WHERE id = $1", [paid]);
  await invoice("", ["Radiology"]);
  await invoice("Pending Payer", [null]);
});
afterAll(async () => {
  await t.close();
});

describe("the staff row the database writes (migration 0002)", () => {
  const declared = [...new Set(schemaPaths(invoiceSchema))].sort();

  it("has exactly the keys of the contract's invoiceSchema, at every depth, in the filter endpoint's answer", async () => {
    for (const query of ["", "?department=Laboratory", "?status=completed"]) {
      const res = await call(t, "GET", `${API_PATHS.invoiceFilter}${query}`, undefined, staffToken);
      expect(res.status, query).toBe(200);
      const answer = invoiceFilterResponseSchema.safeParse(res.json);
      expect(answer.error, query).toBeUndefined();
      const results = res.json.results as unknown[];
      expect(results.length, query).toBeGreaterThan(0);
      // Every key the database writes is one the schema declares.
      expect(declared, query).toEqual(expect.arrayContaining(pathsOf(results)));
    }
    // All of them together (a line with a department among them): every key the schema declares is written.
    const all = await call(t, "GET", API_PATHS.invoiceFilter, undefined, staffToken);
    expect(pathsOf(all.json.results as unknown[])).toEqual(declared);
  });

  it("is what the export reads too, with the same keys", async () => {
    const repository = new StaffInvoicesRepository(t.db);
    for (const department of [undefined, "Laboratory"]) {
      const filter = toInvoiceFilter({ department });
      const rows = await repository.page(filter, null, 50);
      const listed = rows.map((row) => JSON.parse(row.json) as unknown);
      expect(listed.length).toBeGreaterThan(0);
      for (const invoice of listed) expect(invoiceSchema.safeParse(invoice).error).toBeUndefined();
      if (!department) expect(pathsOf(listed)).toEqual(declared);
      const res = await call(
        t,
        "GET",
        `${API_PATHS.invoiceFilter}${department ? `?department=${department}` : ""}`,
        undefined,
        staffToken,
      );
      expect(listed).toEqual(res.json.results);
    }
  });
});
