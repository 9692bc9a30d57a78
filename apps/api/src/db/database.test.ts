import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { registerErrorHandler } from "../lib/error-handler";
import { createServerDatabase, TEST_DB } from "../test/test-app";
import { DatabaseUnavailableError, isConnectionFailure, openPostgres, type Database } from "./database";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("a PostgreSQL server out of reach", () => {
  it("classifies lost connections, refused connections and shutdowns, and nothing else", () => {
    const withCode = (code: string) => Object.assign(new Error("x"), { code });
    for (const code of ["ECONNREFUSED", "ECONNRESET", "57P01", "57P02", "57P03", "08006", "08001"])
      expect(isConnectionFailure(withCode(code))).toBe(true);
    expect(isConnectionFailure(new Error("Connection terminated unexpectedly"))).toBe(true);
    for (const code of ["23505", "23514", "40001", "42P01"]) expect(isConnectionFailure(withCode(code))).toBe(false);
    expect(isConnectionFailure(new Error("unbalanced journal entry"))).toBe(false);
  });

  it("fails queries and transactions with DatabaseUnavailableError when the server refuses connections", async () => {
    const db = openPostgres("postgres://postgres@127.0.0.1:1/nowhere", { max: 1 });
    cleanups.push(() => db.close());
    await expect(db.query("SELECT 1")).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(db.transaction((tx) => tx.query("SELECT 1"))).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });

  it("is answered 503 with a JSON detail and Retry-After, never 500", async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get("/", async () => {
      throw new DatabaseUnavailableError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
    });
    cleanups.push(() => app.close());
    const res = await app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json()).toMatchObject({ code: "unavailable", detail: expect.any(String) });
  });
});

// A server session to end exists only in the PostgreSQL run of the suite (TEST_DB=postgres).
if (TEST_DB === "postgres")
  describe("a PostgreSQL session ended mid-transaction (a restart)", () => {
    it("fails that transaction cleanly, keeps the process alive and serves again on a new session", async () => {
      const server = await createServerDatabase("hospipay_session_loss");
      const db: Database = openPostgres(server.url, { max: 2 });
      const admin = openPostgres(server.url, { max: 1 });
      cleanups.push(async () => {
        await db.close();
        await admin.close();
        await server.drop();
      });
      const lost = db.transaction(async (tx) => {
        const { rows } = await tx.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
        await admin.query("SELECT pg_terminate_backend($1)", [rows[0]!.pid]);
        // The session's end arrives while no statement runs: an 'error' event on the checked-out client,
        // which must not become an unhandled error (that would end the process).
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.query("SELECT 1");
      });
      await expect(lost).rejects.toBeInstanceOf(DatabaseUnavailableError);
      expect((await db.query<{ one: number }>("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
      await expect(db.transaction(async (tx) => (await tx.query<{ two: number }>("SELECT 2 AS two")).rows[0]?.two)).resolves.toBe(
        2,
      );
    });
  });
