// Prepares the PostgreSQL server's bench database ahead of `npm run bench` (migrations, 1,000,000 invoices).
import { openPostgres } from "../../apps/api/src/db/database";
import { migrate } from "../../apps/api/src/db/migrate";
import { benchDatabaseUrl, seed } from "./staff-dashboards";

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error("set BENCH_DATABASE_URL or TEST_DATABASE_URL");
const db = openPostgres(await benchDatabaseUrl(serverUrl), { max: 2 });
try {
  await migrate(db);
  await seed(db, "PostgreSQL bench database");
} finally {
  await db.close();
}
