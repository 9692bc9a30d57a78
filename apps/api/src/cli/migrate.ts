import { claimEmbeddedDatabase, openConfiguredDatabase } from "../db/open";
import { migrate } from "../db/migrate";
import { loadEnv } from "../env";

/** npm run db:migrate: applies pending migrations to the configured database. */
async function main(): Promise<void> {
  const env = loadEnv();
  const release = await claimEmbeddedDatabase(env);
  const db = await openConfiguredDatabase(env);
  try {
    const applied = await migrate(db);
    console.log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "The database is up to date.");
  } finally {
    await db.close();
    await release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
