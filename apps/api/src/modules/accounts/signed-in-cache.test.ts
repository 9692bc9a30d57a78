import { API_PATHS } from "@hospipay/contract";
import { describe, expect, it } from "vitest";
import type { AuthUser } from "../../lib/auth-user";
import { buildUser, call, createTestApp, createTestDatabase } from "../../test/test-app";
import { SignedInCache } from "./signed-in-cache";

const row = (tokenVersion: number): AuthUser => ({ id: 7, role: "ADMIN", email: "ada@fth.example.ng", tokenVersion });

/** A loader answering from `current`, counting its reads; `gate`, when set, holds a read until opened. */
function loader() {
  const state = { current: row(1) as AuthUser | null, reads: 0, gate: null as Promise<void> | null };
  const load = async () => {
    state.reads += 1;
    const answer = state.current;
    if (state.gate) await state.gate;
    return answer;
  };
  return { state, load };
}

describe("SignedInCache", () => {
  it("reads a user once within its time, and again after it", async () => {
    let now = 1_000;
    const { state, load } = loader();
    const cache = new SignedInCache(load, 500, () => now);
    for (let n = 0; n < 5; n++) expect(await cache.find(7)).toEqual(row(1));
    expect(state.reads).toBe(1);
    state.current = row(2);
    now += 499;
    expect(await cache.find(7)).toEqual(row(1));
    now += 1;
    expect(await cache.find(7)).toEqual(row(2));
    expect(state.reads).toBe(2);
  });

  it("reads again at once after forget(), and never keeps a read that started before it", async () => {
    const { state, load } = loader();
    const cache = new SignedInCache(load, 60_000);
    expect(await cache.find(7)).toEqual(row(1));
    state.current = row(2);
    cache.forget(7);
    expect(await cache.find(7)).toEqual(row(2));

    // A read of the row as it was, still on its way when the change is forgotten, answers its request only.
    cache.forget(7);
    state.current = row(3);
    let open!: () => void;
    state.gate = new Promise((resolve) => (open = resolve));
    const inFlight = cache.find(7);
    cache.forget(7);
    state.current = row(4);
    open();
    expect(await inFlight).toEqual(row(3));
    state.gate = null;
    expect(await cache.find(7)).toEqual(row(4));
  });

  it("keeps no missing or inactive user, keeps rows read-only, and keeps nothing at time 0", async () => {
    const { state, load } = loader();
    state.current = null;
    const cache = new SignedInCache(load, 60_000);
    expect(await cache.find(7)).toBeNull();
    expect(await cache.find(7)).toBeNull();
    expect(state.reads).toBe(2);
    state.current = row(1);
    const user = (await cache.find(7))!;
    expect(() => Object.assign(user, { role: "SUPERADMIN" })).toThrow(TypeError);

    const none = loader();
    const off = new SignedInCache(none.load, 0);
    await off.find(7);
    await off.find(7);
    expect(none.state.reads).toBe(2);
  });
});

describe("the access check with two API processes on one database", () => {
  it("refuses a revoked token at once in the process that revoked it, and within AUTH_USER_CACHE_MS in the other", async () => {
    const database = await createTestDatabase();
    const settings = { AUTH_USER_CACHE_MS: "400" };
    const a = await createTestApp(settings, { database: database.db });
    const b = await createTestApp(settings, { database: database.db });
    try {
      const user = await buildUser(a, { role: "ADMIN" });
      expect((await call(b, "GET", API_PATHS.profile, undefined, user.token)).status).toBe(200);
      expect((await call(a, "POST", API_PATHS.logout, undefined, user.token)).status).toBe(200);
      expect((await call(a, "GET", API_PATHS.profile, undefined, user.token)).status).toBe(401);
      // b read the row just before: for at most its 400 ms it may still let the token in; then it refuses it.
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect((await call(b, "GET", API_PATHS.profile, undefined, user.token)).status).toBe(401);
    } finally {
      await b.close();
      await a.close();
      await database.drop();
    }
  });
});
