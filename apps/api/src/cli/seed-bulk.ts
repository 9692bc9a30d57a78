import { parseArgs } from "node:util";
import { seedBulkInvoices } from "../modules/staff/bulk-seed";
import { runCommand, withConfiguredDatabase } from "./with-database";

/** npm run seed:bulk -- --invoices N: realistic invoices for load tests (never on a real hospital's data). */
runCommand(async () => {
  let count: number;
  try {
    const { values } = parseArgs({ options: { invoices: { type: "string", default: "10000" } }, strict: true });
    count = Number(values.invoices);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\nUsage: npm run seed:bulk -- --invoices N`);
    return 2;
  }
  if (!Number.isSafeInteger(count) || count < 1 || count > 10_000_000) {
    console.error("--invoices must be a whole number from 1 to 10,000,000");
    return 2;
  }
  return withConfiguredDatabase(async (db) => {
    const started = Date.now();
    await seedBulkInvoices(db, count, (done) => {
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(`\r${done.toLocaleString()} / ${count.toLocaleString()} invoices (${Math.round(done / Math.max(seconds, 0.001)).toLocaleString()}/s)`);
    });
    process.stdout.write(`\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
    return 0;
  });
});
