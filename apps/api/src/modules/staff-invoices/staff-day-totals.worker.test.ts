import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/database";
import { DAY_TOTALS_VACUUM_AFTER_ROWS, StaffDayTotalsWorker } from "./staff-day-totals.worker";
import type { StaffInvoicesRepository } from "./staff-invoices.repository";

describe("StaffDayTotalsWorker's vacuum of the day totals (a server with autovacuum off)", () => {
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
    const worker = new StaffDayTotalsWorker(db, staff, log);

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
