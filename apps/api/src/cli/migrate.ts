import { migrate } from "../db/migrate";
import { runCommand, withConfiguredDatabase } from "./with-database";

/** npm run db:migrate: applies pending migrations to the configured database. */
runCommand(() =>
  withConfiguredDatabase(
    async (db) => {
      const applied = await migrate(db);
      console.log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "The database is up to date.");
      return 0;
    },
    { migrateFirst: false },
  ),
);
