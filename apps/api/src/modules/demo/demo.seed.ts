import { randomToken } from "../../lib/crypto";
import type { Role } from "@hospipay/contract";
import { createVerifiedUser } from "../accounts/create-user";
import type { UsersRepository } from "../accounts/users.repository";
import type { Database } from "../../db/database";

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
}

const DEMO_PEOPLE: ReadonlyArray<{ role: Role; email: string; firstName: string; lastName: string; phone: string }> = [
  { role: "CUSTOMER", email: "customer@demo.hospipay.ng", firstName: "Adaeze", lastName: "Okafor", phone: "08031234567" },
  { role: "AGENT", email: "agent@demo.hospipay.ng", firstName: "Tunde", lastName: "Bakare", phone: "08027654321" },
  { role: "ADMIN", email: "admin@demo.hospipay.ng", firstName: "Ngozi", lastName: "Eze", phone: "08051112233" },
  { role: "SUPERADMIN", email: "superadmin@demo.hospipay.ng", firstName: "Ibrahim", lastName: "Musa", phone: "08094445566" },
];

/**
 * Seeds one verified account per role on a database that has no demo accounts yet, with freshly
 * generated passwords. Returns the accounts created (empty when already seeded): the caller shows
 * the passwords once; they are stored only as hashes.
 */
export async function seedDemo(deps: { db: Database; users: UsersRepository }): Promise<DemoAccount[]> {
  return deps.db.transaction(async (tx) => {
    // Serialises two starters on one PostgreSQL server; PGlite runs one transaction at a time anyway.
    if (deps.db.kind === "postgres") await tx.query("SELECT pg_advisory_xact_lock(727002)");
    if ((await deps.users.countDemoUsers(tx)) > 0) return [];
    const created: DemoAccount[] = [];
    for (const person of DEMO_PEOPLE) {
      const password = randomToken(9);
      const user = await createVerifiedUser(
        deps.users,
        { email: person.email, password, firstName: person.firstName, lastName: person.lastName, phoneNumber: person.phone, role: person.role, isDemo: true },
        tx,
      );
      if (user) created.push({ role: person.role, email: person.email, password });
    }
    return created;
  });
}

/** The one-time banner with the demo sign-ins. */
export function demoBanner(accounts: DemoAccount[], url: string): string {
  const width = Math.max(...accounts.map((a) => a.email.length)) + 2;
  const lines = accounts.map((a) => `  ${a.role.padEnd(11)} ${a.email.padEnd(width)} ${a.password}`);
  return [
    "",
    "Demo accounts (sandbox mode). The passwords are shown only this once:",
    ...lines,
    `Sign in at ${url}/login`,
    "",
  ].join("\n");
}
