import { buildCatalogue } from "@hospipay/sandbox";
import { randomToken } from "../../lib/crypto";
import type { Role } from "@hospipay/contract";
import { createVerifiedUser } from "../accounts";
import { StaffDeskRepository } from "../staff-desk";
import { DemoHistoryRepository } from "./demo-history.repository";
import { seedDemoHistory, type DemoHistoryContext, type DemoPatient } from "./demo.history";

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
}

/** The demo sign-ins, one per role: printed when the server is ready, and given new passwords by npm run demo:passwords. */
export const DEMO_PEOPLE: ReadonlyArray<{ role: Role; email: string; firstName: string; lastName: string; phone: string }> = [
  { role: "CUSTOMER", email: "customer@demo.hospipay.ng", firstName: "Adaeze", lastName: "Okafor", phone: "08031234567" },
  { role: "AGENT", email: "agent@demo.hospipay.ng", firstName: "Tunde", lastName: "Bakare", phone: "08027654321" },
  { role: "ADMIN", email: "admin@demo.hospipay.ng", firstName: "Ngozi", lastName: "Eze", phone: "08051112233" },
  { role: "SUPERADMIN", email: "superadmin@demo.hospipay.ng", firstName: "Ibrahim", lastName: "Musa", phone: "08094445566" },
];

/** The demo staff's waiver limits, by role (null: approves none); a customer has no desk. */
const DEMO_WAIVER_LIMITS_KOBO: Partial<Record<Role, number | null>> = {
  AGENT: null,
  ADMIN: 10_000_000,
  SUPERADMIN: 100_000_000,
};

/**
 * Patients of the demo history, with accounts of their own: the printed demo customer keeps an empty
 * wallet and history (the journeys and bench:web start from it). Their passwords are never shown.
 */
const DEMO_PATIENTS: ReadonlyArray<Omit<DemoPatient, "id">> = [
  {
    email: "chinedu.okeke@demo.hospipay.ng",
    firstName: "Chinedu",
    lastName: "Okeke",
    phone: "08035550101",
    hospitalNumber: "FTH/2024/08812",
  },
  {
    email: "funke.adebayo@demo.hospipay.ng",
    firstName: "Funke",
    lastName: "Adebayo",
    phone: "08035550102",
    hospitalNumber: "FTH/2025/03317",
  },
  {
    email: "emeka.nwosu@demo.hospipay.ng",
    firstName: "Emeka",
    lastName: "Nwosu",
    phone: "08035550103",
    hospitalNumber: "FTH/2023/11460",
  },
];

/**
 * Seeds one verified account per role on a database that has no demo accounts yet, with freshly
 * generated passwords, then a month of history (demo.history.ts). Returns the accounts to print
 * (empty when already seeded, and then nothing is written): the caller shows the passwords once;
 * they are stored only as hashes. Only the starter that created the accounts writes the history.
 */
export async function seedDemo(ctx: DemoHistoryContext, now = new Date()): Promise<DemoAccount[]> {
  const { db } = ctx;
  const { users } = ctx.repositories;
  const seeded = await db.transaction(async (tx) => {
    // Serialises two starters on one PostgreSQL server; PGlite runs one transaction at a time anyway.
    if (db.kind === "postgres") await new DemoHistoryRepository().lockSeeding(tx);
    if ((await users.countDemoUsers(tx)) > 0) return null;
    const created: Array<DemoAccount & { id: number }> = [];
    for (const person of DEMO_PEOPLE) {
      const password = randomToken(9);
      const user = await createVerifiedUser(
        users,
        {
          email: person.email,
          password,
          firstName: person.firstName,
          lastName: person.lastName,
          phoneNumber: person.phone,
          role: person.role,
          isDemo: true,
        },
        tx,
      );
      if (user) created.push({ id: user.id, role: person.role, email: person.email, password });
    }
    // The demo staff work in every department of the sandbox's catalogue: the agent collects money and
    // gives items; the admin and the super admin also approve waivers, up to their own limits.
    const departments = buildCatalogue(ctx.env.REMITA_SERVICE_TYPE_ID).departments.map((d) => d.name);
    const desks = new StaffDeskRepository(db);
    const superadminId = created.find((account) => account.role === "SUPERADMIN")?.id;
    for (const account of created) {
      const limit = DEMO_WAIVER_LIMITS_KOBO[account.role];
      if (limit === undefined || superadminId === undefined) continue;
      const rights = { departments, collectsMoney: true, givesItems: true, waiverLimitKobo: limit };
      await desks.save(tx, account.id, rights, superadminId);
    }
    const patients: DemoPatient[] = [];
    for (const patient of DEMO_PATIENTS) {
      const user = await createVerifiedUser(
        users,
        {
          email: patient.email,
          password: randomToken(12),
          firstName: patient.firstName,
          lastName: patient.lastName,
          phoneNumber: patient.phone,
          role: "CUSTOMER",
          isDemo: true,
        },
        tx,
      );
      if (user) patients.push({ ...patient, id: user.id });
    }
    return { created, patients };
  });
  if (!seeded) return [];
  const staff = (role: Role) => seeded.created.find((account) => account.role === role);
  const admin = staff("ADMIN");
  const superadmin = staff("SUPERADMIN");
  if (admin && superadmin && seeded.patients.length === DEMO_PATIENTS.length) {
    const asAuth = async (id: number) => (await users.findAuthById(id))!;
    await seedDemoHistory(
      ctx,
      { admin: await asAuth(admin.id), superadmin: await asAuth(superadmin.id), patients: seeded.patients },
      now,
    );
  }
  return seeded.created.map(({ role, email, password }) => ({ role, email, password }));
}

/** The command that gives the demo accounts new passwords (cli/demo-passwords.ts). */
export const DEMO_PASSWORDS_COMMAND = "npm run demo:passwords";

/** The demo accounts as a plain table: role, e-mail and, when known, the password. */
export function demoAccountLines(accounts: ReadonlyArray<{ role: Role; email: string; password?: string }>): string[] {
  const width = Math.max(...accounts.map((a) => a.email.length)) + 2;
  return accounts.map((a) => `  ${a.role.padEnd(11)} ${a.password ? a.email.padEnd(width) + a.password : a.email}`.trimEnd());
}

/** What the ready block knows of the running server. */
export interface ReadyBlockInput {
  url: string;
  /** The demo accounts created by this start, with their passwords (empty on later starts). */
  created: DemoAccount[];
  /** Whether the server holds the embedded database (the command then needs it stopped). */
  embedded: boolean;
  /** The sandbox mailbox and phone, when mail and SMS stay in the sandbox. */
  mailbox: boolean;
  phone: boolean;
}

/**
 * The plain block printed once the server listens in sandbox mode: where it is, the demo accounts (with
 * their passwords on the start that created them, only then: they are stored as hashes), where the sandbox
 * mail and text messages arrive, and the command for new passwords.
 */
export function readyBlock({ url, created, embedded, mailbox, phone }: ReadyBlockInput): string {
  const accounts = created.length > 0 ? created : DEMO_PEOPLE.map(({ role, email }) => ({ role, email }));
  const stopFirst = embedded ? "stop the server, then run" : "run";
  return [
    "",
    `Hospipay is ready at ${url} (sandbox mode)`,
    "",
    created.length > 0
      ? "Demo accounts, one per role. The passwords are shown only this once:"
      : "Demo accounts, one per role (their passwords were shown when they were created):",
    ...demoAccountLines(accounts),
    `Sign in at ${url}/login`,
    ...(mailbox ? [`E-mails the app sends: ${url}/sandbox/mailbox`] : []),
    ...(phone ? [`Text messages (SMS):   ${url}/sandbox/phone`] : []),
    `New demo passwords: ${stopFirst} ${DEMO_PASSWORDS_COMMAND}`,
    "",
  ].join("\n");
}
