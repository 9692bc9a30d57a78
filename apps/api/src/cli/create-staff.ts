import { parseArgs } from "node:util";
import { emailSchema, newPasswordSchema, personName, LIMITS } from "@hospipay/contract";
import { z } from "zod";
import { createVerifiedUser, UsersRepository } from "../modules/accounts";
import { runCommand, withConfiguredDatabase } from "./with-database";

const USAGE =
  "Usage: npm run create-staff -- --role ADMIN|AGENT|SUPERADMIN --email E --password P [--first-name F --last-name L --phone N]";

const argsSchema = z.object({
  role: z.enum(["ADMIN", "AGENT", "SUPERADMIN"], { error: "--role must be ADMIN, AGENT or SUPERADMIN" }),
  email: emailSchema,
  password: newPasswordSchema,
  "first-name": personName(LIMITS.name).default("Staff"),
  "last-name": personName(LIMITS.name).default("Member"),
  phone: z
    .string()
    .regex(/^\+?\d{10,15}$/, "--phone must be 10 to 15 digits")
    .default("00000000000"),
});

/** npm run create-staff: creates a verified staff account in the configured database. */
async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        role: { type: "string" },
        email: { type: "string" },
        password: { type: "string" },
        "first-name": { type: "string" },
        "last-name": { type: "string" },
        phone: { type: "string" },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const args = argsSchema.safeParse(parsed);
  if (!args.success) {
    for (const issue of args.error.issues) console.error(`--${issue.path.join(".")}: ${issue.message}`);
    console.error(USAGE);
    return 2;
  }
  return withConfiguredDatabase(async (db) => {
    const users = new UsersRepository(db);
    const input = args.data;
    const user = await db.transaction((tx) =>
      createVerifiedUser(
        users,
        {
          email: input.email,
          password: input.password,
          firstName: input["first-name"],
          lastName: input["last-name"],
          phoneNumber: input.phone,
          role: input.role,
        },
        tx,
      ),
    );
    if (!user) {
      console.error(`An account with the email ${input.email} already exists. Nothing was changed.`);
      return 1;
    }
    console.log(`Created ${user.role} account ${user.email} (id ${user.id}, username ${user.username}).`);
    return 0;
  });
}

runCommand(main);
