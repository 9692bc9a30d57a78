import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { catalogueRoutes } from "./catalogue.routes";

const TOKEN = "test-provider-token";
const BASE = "/sandbox/provider/api/get/203";

interface Service {
  id: number;
  name: string;
  price: string;
  fixed_price: string;
  department: { id: number; name: string };
  description: string;
  head_code: string;
  service_type_id: string;
  amount: string;
  service_charge: string;
  category: string;
}
interface Department {
  id: number;
  name: string;
}

let app: FastifyInstance;

beforeEach(async () => {
  app = Fastify();
  await app.register(catalogueRoutes, {
    prefix: "/sandbox/provider",
    routeConfig: { access: "public" },
    token: TOKEN,
    serviceTypeId: "4430731",
  });
});
afterEach(() => app.close());

async function everything(): Promise<{ orgDepts: Department[]; orgRevenueHeads: Service[] }> {
  const res = await app.inject(`${BASE}/${TOKEN}`);
  expect(res.statusCode).toBe(200);
  const body = res.json<{ success: boolean; data: { orgDepts: Department[]; orgRevenueHeads: Service[] } }>();
  expect(body.success).toBe(true);
  return body.data;
}

describe("catalogue provider data", () => {
  it("answers departments and revenue heads together: at least 12 departments and 400 services", async () => {
    const { orgDepts, orgRevenueHeads } = await everything();
    expect(orgDepts.length).toBeGreaterThanOrEqual(12);
    expect(orgRevenueHeads.length).toBeGreaterThanOrEqual(400);
    for (const wanted of [
      /outpatient/i,
      /laborator/i,
      /radiolog/i,
      /pharmacy/i,
      /obstetric|maternity/i,
      /paediatric/i,
      /dental/i,
      /eye|ophthalm/i,
      /physiotherapy/i,
      /health records/i,
      /ward|admission/i,
      /theatre|surgery/i,
      /ENT/,
      /emergency/i,
    ]) {
      expect(
        orgDepts.some((department) => wanted.test(department.name)),
        String(wanted),
      ).toBe(true);
    }
  });

  it("has unique ids, two-decimal price strings, amount = price, and a department that exists for every service", async () => {
    const { orgDepts, orgRevenueHeads } = await everything();
    const departmentIds = new Set(orgDepts.map((department) => department.id));
    expect(departmentIds.size).toBe(orgDepts.length);
    expect(new Set(orgRevenueHeads.map((service) => service.id)).size).toBe(orgRevenueHeads.length);
    expect(new Set(orgRevenueHeads.map((service) => service.head_code)).size).toBe(orgRevenueHeads.length);
    for (const service of orgRevenueHeads) {
      expect(service.price, service.name).toMatch(/^\d+\.\d{2}$/);
      expect(service.amount).toBe(service.price);
      expect(service.service_charge).toBe("0.00");
      expect(["yes", "no"]).toContain(service.fixed_price);
      expect(departmentIds.has(service.department.id), service.name).toBe(true);
      expect(orgDepts.find((department) => department.id === service.department.id)?.name).toBe(service.department.name);
      expect(service.name.length).toBeLessThanOrEqual(100);
      expect(service.description.length).toBeGreaterThan(0);
      expect(service.category.length).toBeGreaterThan(0);
      expect(service.service_type_id).toBe("4430731");
      if (service.fixed_price === "yes") expect(Number(service.price), service.name).toBeGreaterThan(0);
    }
  });

  it("has open-price items: about 5% at 0.00 and a few with a suggested price", async () => {
    const { orgRevenueHeads } = await everything();
    const zero = orgRevenueHeads.filter((service) => service.fixed_price === "no" && service.price === "0.00");
    const suggested = orgRevenueHeads.filter((service) => service.fixed_price === "no" && service.price !== "0.00");
    expect(zero.length / orgRevenueHeads.length).toBeGreaterThan(0.03);
    expect(zero.length / orgRevenueHeads.length).toBeLessThan(0.08);
    expect(zero.map((service) => service.name)).toEqual(
      expect.arrayContaining(["Drugs (as prescribed)", "Consumables", "Deposit for admission"]),
    );
    expect(suggested.length).toBeGreaterThanOrEqual(3);
  });

  it("prices the landmark services realistically", async () => {
    const { orgRevenueHeads } = await everything();
    const price = (name: string) => orgRevenueHeads.find((service) => service.name === name)?.price;
    expect(price("New patient card (adult)")).toBe("2000.00");
    expect(price("GOPD consultation – new patient")).toBe("3500.00");
    expect(price("Full blood count (FBC)")).toBe("4000.00");
    expect(price("Chest X-ray (PA view)")).toBe("8500.00");
    expect(price("CT brain – plain")).toBe("85000.00");
    expect(price("Elective caesarean section")).toBe("350000.00");
  });

  it("is the same on every start (stable ids)", async () => {
    const first = await everything();
    const other = Fastify();
    await other.register(catalogueRoutes, {
      prefix: "/sandbox/provider",
      routeConfig: {},
      token: TOKEN,
      serviceTypeId: "4430731",
    });
    const second = (await other.inject(`${BASE}/${TOKEN}`)).json<{ data: unknown }>().data;
    await other.close();
    expect(second).toEqual(first);
  });
});

describe("catalogue provider routes", () => {
  it("searches name, description and category case-insensitively", async () => {
    const res = await app.inject(`${BASE}/${TOKEN}?query=X-RAY`);
    const { success, data } = res.json<{ success: boolean; data: Service[] }>();
    expect(success).toBe(true);
    expect(data.length).toBeGreaterThan(10);
    for (const service of data)
      expect(`${service.name} ${service.description} ${service.category}`.toLowerCase()).toContain("x-ray");
    const byCategory = (await app.inject(`${BASE}/${TOKEN}?query=haematology`)).json<{ data: Service[] }>().data;
    expect(byCategory.some((service) => !service.name.toLowerCase().includes("haematology"))).toBe(true);
  });

  it("filters by department, with or without a query", async () => {
    const { orgDepts, orgRevenueHeads } = await everything();
    const lab = orgDepts.find((department) => /laborator/i.test(department.name));
    if (!lab) throw new Error("no laboratory");
    const all = (await app.inject(`${BASE}/${TOKEN}?department_id=${lab.id}`)).json<{ data: Service[] }>().data;
    expect(all.length).toBe(orgRevenueHeads.filter((service) => service.department.id === lab.id).length);
    const urgent = (await app.inject(`${BASE}/${TOKEN}?query=urgent&department_id=${lab.id}`)).json<{ data: Service[] }>().data;
    expect(urgent.length).toBeGreaterThan(0);
    expect(
      urgent.every((service) => service.department.id === lab.id && /urgent/i.test(service.name + service.description)),
    ).toBe(true);
    const none = (await app.inject(`${BASE}/${TOKEN}?query=zzzz-no-such-thing`)).json<{ success: boolean; data: Service[] }>();
    expect(none).toEqual({ success: true, data: [] });
    expect((await app.inject(`${BASE}/${TOKEN}?query=&department_id=`)).json<{ data: Service[] }>().data.length).toBe(
      orgRevenueHeads.length,
    );
  });

  it("lists a department's revenue heads with the bearer token", async () => {
    const { orgRevenueHeads } = await everything();
    const res = await app.inject({ url: `${BASE}/5/hospital-revenuehead`, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: Service[] }>().data;
    expect(data).toEqual(orgRevenueHeads.filter((service) => service.department.id === 5));
    const unknown = await app.inject({ url: `${BASE}/9999/hospital-revenuehead`, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(unknown.json()).toEqual({ success: true, data: [] });
  });

  it("refuses a wrong or missing token with 401", async () => {
    for (const res of [
      await app.inject(`${BASE}/wrong-token`),
      await app.inject(`${BASE}/wrong-token?query=fbc`),
      await app.inject(`${BASE}/5/hospital-revenuehead`),
      await app.inject({ url: `${BASE}/5/hospital-revenuehead`, headers: { authorization: "Bearer nope" } }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: "Invalid token" });
    }
  });

  it("control modes: down answers 503 everywhere, error answers success false, up restores", async () => {
    expect((await app.inject({ method: "POST", url: "/sandbox/provider/_control", payload: { mode: "down" } })).json()).toEqual({
      mode: "down",
    });
    expect((await app.inject(`${BASE}/${TOKEN}`)).statusCode).toBe(503);
    expect((await app.inject(`${BASE}/${TOKEN}?query=fbc`)).statusCode).toBe(503);
    expect(
      (await app.inject({ url: `${BASE}/3/hospital-revenuehead`, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
    ).toBe(503);

    await app.inject({ method: "POST", url: "/sandbox/provider/_control", payload: { mode: "error" } });
    const failed = await app.inject(`${BASE}/${TOKEN}`);
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual({ success: false, message: "Provider error" });
    expect((await app.inject(`${BASE}/wrong`)).statusCode).toBe(401);

    await app.inject({ method: "POST", url: "/sandbox/provider/_control", payload: { mode: "up" } });
    expect((await app.inject(`${BASE}/${TOKEN}`)).json<{ success: boolean }>().success).toBe(true);
    expect((await app.inject("/sandbox/provider/_control")).json()).toEqual({ mode: "up" });
  });

  it("rejects an unknown mode with a JSON 400", async () => {
    const res = await app.inject({ method: "POST", url: "/sandbox/provider/_control", payload: { mode: "sideways" } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/mode/);
  });
});
