import { describe, expect, it } from "vitest";
import { newIdempotencyKey } from "./idempotency-key";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newIdempotencyKey", () => {
  it("is a new UUID v4 on every call", () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it("still makes a UUID v4 where randomUUID is missing (plain HTTP on a LAN address)", () => {
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      expect(crypto.randomUUID).toBeUndefined();
      const first = newIdempotencyKey();
      expect(first).toMatch(UUID_V4);
      expect(newIdempotencyKey()).not.toBe(first);
    } finally {
      delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof crypto.randomUUID).toBe("function");
  });
});
