import type { Role } from "@hospipay/contract";
import type { Queryable } from "../../db/database";
import { randomDigits } from "../../lib/crypto";
import { hashPassword } from "./passwords";
import type { NewUser, UserRecord, UsersRepository } from "./users.repository";

/**
 * Inserts a user with a username derived from the e-mail, adding digits until it is free.
 * Returns null when the e-mail itself is taken.
 */
export async function insertWithFreeUsername(
  users: UsersRepository,
  user: Omit<NewUser, "username">,
  q: Queryable,
): Promise<UserRecord | null> {
  const base =
    (user.email.split("@")[0] ?? "user")
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, "")
      .slice(0, 30) || "user";
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const username = attempt === 0 ? base : `${base}${randomDigits(attempt < 5 ? 3 : 6)}`;
    if (await users.usernameTaken(username, q)) continue;
    const inserted = await users.insert({ ...user, username }, q);
    if (inserted) return inserted;
    if (await users.findByEmail(user.email, q)) return null;
  }
  throw new Error("could not find a free username");
}

export interface VerifiedUserInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  role: Role;
  isDemo?: boolean;
}

/** Creates an already-verified account of any role (staff command, demo seed, tests). Null if the e-mail is taken. */
export async function createVerifiedUser(
  users: UsersRepository,
  input: VerifiedUserInput,
  q: Queryable,
): Promise<UserRecord | null> {
  const passwordHash = await hashPassword(input.password);
  return insertWithFreeUsername(
    users,
    {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: input.phoneNumber,
      role: input.role,
      passwordHash,
      verified: true,
      isDemo: input.isDemo ?? false,
    },
    q,
  );
}
