import { parseArgs } from "node:util";
import { loadEnv, publicUrl } from "../env";
import { randomToken } from "../lib/crypto";
import { hashPassword, UsersRepository } from "../modules/accounts";
import { DEMO_PEOPLE, demoAccountLines, type DemoAccount } from "../modules/demo";
import { runCommand, withConfiguredDatabase } from "./with-database";

const USAGE = "Usage: npm run demo:passwords";

/**
 * npm run demo:passwords: gives the demo accounts (one per role) new generated passwords in the configured
 * database, in one transaction, and prints them. Each change revokes the account's tokens, as any password
 * change does. Refuses, changing nothing, while a running server holds the embedded database.
 */
async function main(): Promise<number> {
  try {
    parseArgs({ options: {}, strict: true });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const url = publicUrl(loadEnv());
  return withConfiguredDatabase(async (db) => {
    const users = new UsersRepository(db);
    const reset = await db.transaction(async (tx) => {
      const accounts: DemoAccount[] = [];
      for (const person of DEMO_PEOPLE) {
        const user = await users.findByEmail(person.email, tx, true);
        if (!user?.isDemo) continue;
        const password = randomToken(9);
        await users.setPassword(user.id, await hashPassword(password), tx);
        accounts.push({ role: user.role, email: user.email, password });
      }
      return accounts;
    });
    if (reset.length === 0) {
      console.error(
        "This database has no demo accounts: the first `npm start` in sandbox mode creates them (SEED_DEMO). Nothing was changed.",
      );
      return 1;
    }
    console.log(["New demo passwords (shown only now):", ...demoAccountLines(reset), `Sign in at ${url}/login`].join("\n"));
    return 0;
  });
}

runCommand(main);
