import { parseArgs } from "node:util";
import { countRealPayments, seedBulkInvoices } from "./seed-bulk/bulk-seed";
import { runCommand, withConfiguredDatabase } from "./with-database";

const USAGE = "Usage: npm run seed:bulk -- --invoices N [--force]";

const counted = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/**
 * npm run seed:bulk -- --invoices N: realistic invoices for load tests. It refuses a database holding
 * payments it did not make (a real hospital's, or one used by hand), unless --force.
 */
runCommand(async () => {
  let count: number;
  let force: boolean;
  try {
    const { values } = parseArgs({
      options: { invoices: { type: "string", default: "10000" }, force: { type: "boolean", default: false } },
      strict: true,
    });
    count = Number(values.invoices);
    force = values.force;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (!Number.isSafeInteger(count) || count < 1 || count > 10_000_000) {
    console.error("--invoices must be a whole number from 1 to 10,000,000");
    return 2;
  }
  return withConfiguredDatabase(async (db) => {
    const real = await countRealPayments(db);
    if (!force && (real.invoices > 0 || real.journalEntries > 0)) {
      console.error(
        `This database holds payments seed:bulk did not make (${counted(real.invoices, "invoice")}, ` +
          `${counted(real.journalEntries, "ledger entry", "ledger entries")}). seed:bulk writes made-up invoices for load tests; ` +
          `nothing was written. Run it on an empty database, or add --force to add them anyway.`,
      );
      return 1;
    }
    const started = Date.now();
    await seedBulkInvoices(db, count, (done) => {
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(
        `\r${done.toLocaleString()} / ${count.toLocaleString()} invoices (${Math.round(done / Math.max(seconds, 0.001)).toLocaleString()}/s)`,
      );
    });
    process.stdout.write(`\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
    return 0;
  });
});
