import { gunzipSync } from "node:zlib";
import { SANDBOX_CREDENTIALS } from "@hospipay/sandbox";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { call } from "../../test/test-app";
import { createPaymentsHarness, type PaymentsHarness } from "../../test/payments-harness";
import { CatalogueClient } from "./catalogue.client";
import { CatalogueService } from "./catalogue.service";

let h: PaymentsHarness;
beforeAll(async () => {
  h = await createPaymentsHarness();
});
afterEach(async () => {
  await h.control("/sandbox/provider/_control", { mode: "up" });
});
afterAll(async () => {
  await h?.close();
});

const silent = { warn: () => undefined } as never;

describe("catalogue through the API", () => {
  it("serves departments, all services, a department's revenue heads and search, with a 5-minute cache header", async () => {
    const departments = await call(h.t, "GET", "/api/catalogue/departments/");
    expect(departments.status).toBe(200);
    expect(departments.headers["cache-control"]).toBe("public, max-age=300");
    const depts = (departments.json.data as { orgDepts: Array<{ id: number; name: string }> }).orgDepts;
    expect(depts.length).toBeGreaterThanOrEqual(12);
    const all = await call(h.t, "GET", "/api/catalogue/revenue-heads/");
    expect((all.json.data as { orgRevenueHeads: unknown[] }).orgRevenueHeads.length).toBeGreaterThanOrEqual(400);
    const heads = await call(h.t, "GET", `/api/catalogue/departments/${depts[0]!.id}/revenue-heads/`);
    const list = heads.json.data as Array<{ department: { name: string } }>;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((s) => s.department.name === depts[0]!.name)).toBe(true);
    const search = await call(h.t, "GET", "/api/catalogue/services/?query=x-ray");
    expect((search.json.data as Array<{ name: string }>).every((s) => JSON.stringify(s).toLowerCase().includes("x-ray"))).toBe(
      true,
    );
  });

  it("sends the whole list gzipped to a browser that takes it: the same JSON in a fraction of the bytes", async () => {
    const plain = await h.t.app.inject({ url: "/api/catalogue/revenue-heads/" });
    const zipped = await h.t.app.inject({
      url: "/api/catalogue/revenue-heads/",
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    for (const res of [plain, zipped]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toBe("accept-encoding");
      expect(res.headers["cache-control"]).toBe("public, max-age=300");
    }
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });

  it("never shows the provider token to the browser", async () => {
    const all = await call(h.t, "GET", "/api/catalogue/revenue-heads/");
    expect(all.text).not.toContain(SANDBOX_CREDENTIALS.catalogueToken);
  });

  it("refuses a malformed department id with a 400", async () => {
    expect((await call(h.t, "GET", "/api/catalogue/departments/..%2F..%2Fetc/revenue-heads/")).status).toBe(400);
  });
});

describe("cache and the provider going down", () => {
  it("serves the last good answer after the 5 minutes when the provider is down", async () => {
    let now = 1_000_000;
    const service = new CatalogueService(
      new CatalogueClient(`${h.apiUrl}/sandbox/provider`, SANDBOX_CREDENTIALS.catalogueToken, 2_000),
      silent,
      300_000,
      () => now,
    );
    const first = await service.departments();
    await h.control("/sandbox/provider/_control", { mode: "down" });
    now += 301_000;
    expect(await service.departments()).toEqual(first);
  });

  it("answers SPEC's text for each call when the provider is down and nothing was cached", async () => {
    const service = new CatalogueService(
      new CatalogueClient(`${h.apiUrl}/sandbox/provider`, SANDBOX_CREDENTIALS.catalogueToken, 2_000),
      silent,
    );
    await h.control("/sandbox/provider/_control", { mode: "down" });
    await expect(service.departments()).rejects.toMatchObject({ statusCode: 502, detail: "Failed to fetch hospital department" });
    await expect(service.revenueHeads("1")).rejects.toMatchObject({ detail: "Failed to fetch revenue heads" });
    await expect(service.searchServices("scan", "")).rejects.toMatchObject({ detail: "Failed to fetch hospital records" });
    await expect(service.allRevenueHeads()).rejects.toMatchObject({ detail: "Failed to fetch all hospital records" });
  });

  it("treats success: false as a failure", async () => {
    const service = new CatalogueService(
      new CatalogueClient(`${h.apiUrl}/sandbox/provider`, SANDBOX_CREDENTIALS.catalogueToken, 2_000),
      silent,
    );
    await h.control("/sandbox/provider/_control", { mode: "error" });
    await expect(service.departments()).rejects.toMatchObject({ detail: "Failed to fetch hospital department" });
  });

  it("refuses a wrong token like any provider failure", async () => {
    const service = new CatalogueService(new CatalogueClient(`${h.apiUrl}/sandbox/provider`, "wrong-token", 2_000), silent);
    await expect(service.departments()).rejects.toMatchObject({ statusCode: 502 });
  });

  it("keeps answering through the API from its cache while the provider is down", async () => {
    const before = await call(h.t, "GET", "/api/catalogue/departments/");
    await h.control("/sandbox/provider/_control", { mode: "down" });
    const during = await call(h.t, "GET", "/api/catalogue/departments/");
    expect(during.status).toBe(200);
    expect(during.json).toEqual(before.json);
  });
});
