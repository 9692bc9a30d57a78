import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/database";
import type { StaffInvoicesRepository } from "../staff/staff-invoices.repository";
import type { InvoicesRepository } from "./invoices.repository";
import { DAY_TOTALS_VACUUM_AFTER_ROWS, PaymentsWorker } from "./payments.worker";
import type { SettlementService } from "./settlement.service";

/**
 * The worker's order of work, with the database and the gateways left out: which payments it asks about,
 * and that each question waits for the turn its pace gives (RequestsFirst in the API; see
 * requests-first.test.ts for the turns themselves and payments.test.ts for re-queries against the sandbox).
 */
function workerWith(due: number[]) {
  const leased = [...due];
  const asked: number[] = [];
  const turns: Array<() => void> = [];
  const invoices = {
    leaseDue: async (limit: number) => leased.splice(0, limit),
  } as unknown as InvoicesRepository;
  const settlement = {
    reconcile: async (id: number) => {
      asked.push(id);
      return null;
    },
  } as unknown as SettlementService;
  const db = { query: async () => ({ rows: [], rowCount: 0 }) } as unknown as Database;
  const pace = () => new Promise<void>((resolve) => turns.push(resolve));
  const worker = new PaymentsWorker(db, invoices, settlement, {} as StaffInvoicesRepository, pino({ level: "silent" }), 60_000, pace);
  /** Gives the next turn and lets the worker run until it waits again. */
  const giveTurn = async () => {
    while (turns.length === 0) await new Promise((resolve) => setImmediate(resolve));
    turns.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { worker, asked, turns, giveTurn };
}

describe("PaymentsWorker's pace", () => {
  it("asks about each due payment only when given a turn, one turn a payment", async () => {
    const { worker, asked, giveTurn } = workerWith([11, 12, 13]);
    const pass = worker.runOnce();
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual([]);
    await giveTurn();
    expect(asked).toEqual([11]);
    await giveTurn();
    expect(asked).toEqual([11, 12]);
    await giveTurn();
    expect(await pass).toBe(3);
    expect(asked).toEqual([11, 12, 13]);
  });

  it("asks for no turn when nothing is due", async () => {
    const { worker, turns } = workerWith([]);
    expect(await worker.runOnce()).toBe(0);
    expect(turns).toHaveLength(0);
  });
});

describe("PaymentsWorker's vacuum of the day totals (a server with autovacuum off)", () => {
  it("logs a failed check and asks again at the next fold, then vacuums once the rows are counted", async () => {
    const statements: string[] = [];
    let down = true;
    const db = {
      kind: "postgres",
      query: async (sql: string) => {
        statements.push(sql);
        if (down) throw new Error("connection terminated");
        return { rows: [{ on: false }], rowCount: 1 };
      },
      exec: async (sql: string) => void statements.push(sql),
    } as unknown as Database;
    const staff = { foldDayTotals: async () => DAY_TOTALS_VACUUM_AFTER_ROWS } as unknown as StaffInvoicesRepository;
    const errors: string[] = [];
    const log = { error: (_fields: unknown, message: string) => void errors.push(message) } as unknown as FastifyBaseLogger;
    const worker = new PaymentsWorker(db, {} as InvoicesRepository, {} as SettlementService, staff, log, 60_000);

    await worker.foldDayTotals();
    expect(errors).toEqual(["vacuuming the staff day totals failed"]);
    expect(statements.filter((sql) => sql.startsWith("VACUUM"))).toEqual([]);

    down = false;
    await worker.foldDayTotals();
    expect(statements.filter((sql) => sql.startsWith("VACUUM"))).toEqual(["VACUUM invoice_day_totals"]);
    expect(statements.filter((sql) => sql.includes("current_setting('autovacuum')"))).toHaveLength(2);
    expect(errors).toHaveLength(1);
  });
});
