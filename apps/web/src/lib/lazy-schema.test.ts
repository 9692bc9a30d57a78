import { types } from "node:util";
import * as contract from "@hospipay/contract";
import { describe, expect, it, vi } from "vitest";
import { z, ZodObject } from "zod";
import { makeSchemasLazy } from "../../vite-lazy-schemas";
import { lazySchema } from "./lazy-schema";

describe("lazySchema", () => {
  it("builds the schema on its first use, once, and then answers as the schema does", () => {
    const build = vi.fn(() => z.object({ amount: z.string().min(1, "Required.") }));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();

    expect(schema.safeParse({ amount: "5" })).toEqual({ success: true, data: { amount: "5" } });
    const failed = schema.safeParse({ amount: "" });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues.map((issue) => issue.message)).toEqual(["Required."]);
    expect(schema).toBeInstanceOf(ZodObject);
    expect("shape" in schema).toBe(true);
    expect(Object.keys(schema.shape)).toEqual(["amount"]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it("serves as a part of other schemas, built when they are", () => {
    const inner = lazySchema(() => z.number().int());
    const outer = lazySchema(() => z.object({ count: inner }).extend({ list: z.array(inner) }));
    expect(outer.parse({ count: 2, list: [1, 3] })).toEqual({ count: 2, list: [1, 3] });
    expect(outer.safeParse({ count: 1.5, list: [] }).error?.issues[0]?.path).toEqual(["count"]);
    expect(z.union([inner, z.string()]).parse("x")).toBe("x");
  });

  it("stands in for a shape (an object of schemas) that other objects spread", () => {
    const build = vi.fn(() => ({ name: z.string(), age: z.number().int() }));
    const shape = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    const person = z.object({ ...shape, email: z.string() });
    expect(build).toHaveBeenCalledTimes(1);
    expect(Object.keys(person.shape)).toEqual(["name", "age", "email"]);
    expect(person.safeParse({ name: "Ada", age: 1.5, email: "a@b.ng" }).error?.issues[0]?.path).toEqual(["age"]);
    expect(Object.keys(shape)).toEqual(["name", "age"]);
    expect(shape.name.parse("x")).toBe("x");
  });
});

describe("makeSchemasLazy", () => {
  const module = [
    'import { z } from "zod";',
    "export const LIMIT = 5;",
    "const NAME_RE = /^[a-z]+$/;",
    "const shared = { name: z.string() };",
    "const person = z.union([z.string(), z.number()]).refine((value) => value !== 0);",
    "const shape = { person, age: z.number(), name: nameSchema.optional() };",
    'const MESSAGES = { blank: "Required.", tooLong: (n: number) => `At most ${n}.` };',
    "const KEYS = Object.keys(MESSAGES);",
    "const check = (text: string) => NAME_RE.test(text);",
    "export const nameSchema: z.ZodType<string> = z.string().regex(NAME_RE).max(LIMIT);",
    "export const personSchema = z.object({ name: nameSchema, ...shared }), otherSchema = personSchema.partial();",
    "export function build() { const localSchema = z.string(); return localSchema; }",
    "export type Person = z.infer<typeof personSchema>;",
  ].join("\n");

  it("wraps each top-level constant that builds schemas (…Schema, zod's calls, shapes) and nothing else", () => {
    const result = makeSchemasLazy(module, "/x/packages/contract/src/schemas/sample.ts", "/lazy.ts");
    expect(result?.code.split("\n")).toEqual([
      'import { lazySchema as __lazySchema } from "/lazy.ts";',
      'import { z } from "zod";',
      "export const LIMIT = 5;",
      "const NAME_RE = /^[a-z]+$/;",
      "const shared = /* @__PURE__ */ __lazySchema(() => ({ name: z.string() }));",
      "const person = /* @__PURE__ */ __lazySchema(() => (z.union([z.string(), z.number()]).refine((value) => value !== 0)));",
      "const shape = /* @__PURE__ */ __lazySchema(() => ({ person, age: z.number(), name: nameSchema.optional() }));",
      'const MESSAGES = { blank: "Required.", tooLong: (n: number) => `At most ${n}.` };',
      "const KEYS = Object.keys(MESSAGES);",
      "const check = (text: string) => NAME_RE.test(text);",
      "export const nameSchema: z.ZodType<string> = /* @__PURE__ */ __lazySchema(() => (z.string().regex(NAME_RE).max(LIMIT)));",
      "export const personSchema = /* @__PURE__ */ __lazySchema(() => (z.object({ name: nameSchema, ...shared }))), otherSchema = /* @__PURE__ */ __lazySchema(() => (personSchema.partial()));",
      "export function build() { const localSchema = z.string(); return localSchema; }",
      "export type Person = z.infer<typeof personSchema>;",
    ]);
  });

  it("leaves a module without schema constants alone", () => {
    expect(
      makeSchemasLazy('export const FIELD_MESSAGES = { required: "Required." };', "/x/field-messages.ts", "/lazy.ts"),
    ).toBeNull();
  });

  it("applies to the contract as the web app imports it (vite.config.ts)", () => {
    expect(types.isProxy(contract.loginInputSchema)).toBe(true);
    expect(types.isProxy(contract.invoiceFilterResponseSchema)).toBe(true);
    expect(contract.loginInputSchema.safeParse({}).success).toBe(false);
    expect(types.isProxy(contract.FIELD_MESSAGES)).toBe(false);
  });
});
