import { STAFF_ROLES, type CreateStaffInput, type ManagedUser, type Role, type UpdateUserInput } from "@hospipay/contract";
import type { Database } from "../../db/database";
import { randomToken, keyedHash } from "../../lib/crypto";
import { errors } from "../../lib/errors";
import type { AuthUser } from "../../lib/auth-user";
import { createVerifiedUser, type UsersRepository, type VerificationRepository } from "../accounts";
import type { AuditRepository } from "../audit";
import { type MailRepository, staffInviteMail } from "../mail";
import type { ManagedUserRecord, StaffAccountsRepository } from "./staff-accounts.repository";

export interface StaffAccountsDeps {
  db: Database;
  accounts: StaffAccountsRepository;
  users: UsersRepository;
  verification: VerificationRepository;
  mail: MailRepository;
  audit: AuditRepository;
  secret: string;
  publicUrl: string;
  mailQueued: () => void;
}

/** How long the set-password link of a new staff account works. */
export const STAFF_INVITE_TTL_HOURS = 72;
export const USERS_PAGE_SIZE = 50;

export const STAFF_ACCOUNT_MESSAGES = {
  created: (email: string) => `Staff account created. A link to set the password was e-mailed to ${email}.`,
  emailTaken: "An account with this e-mail already exists.",
  notFound: "User not found.",
  self: "You cannot change your own role or deactivate your own account.",
  updated: "Account updated.",
  staffRolesOnly: "Only staff roles can be changed: customers stay customers and staff stay staff.",
} as const;

const view = (row: ManagedUserRecord): ManagedUser => ({
  id: row.id,
  email: row.email,
  first_name: row.firstName,
  last_name: row.lastName,
  phone_number: row.phoneNumber,
  role: row.role,
  is_active: row.isActive,
  created_at: row.createdAt.toISOString(),
});

/**
 * The super admin's staff management: list and search accounts, create staff accounts (the new
 * member chooses a password through an e-mailed link), change roles and (de)activate. Every change
 * revokes the account's tokens and is written to the audit log in the same transaction.
 */
export class StaffAccountsService {
  constructor(private readonly deps: StaffAccountsDeps) {}

  async list(query: { role?: Role; search?: string; page: number }) {
    const { count, rows } = await this.deps.accounts.page(
      { role: query.role ?? null, search: query.search || null },
      USERS_PAGE_SIZE,
      (query.page - 1) * USERS_PAGE_SIZE,
    );
    return { count, page: query.page, page_size: USERS_PAGE_SIZE, results: rows.map(view) };
  }

  async create(admin: AuthUser, input: CreateStaffInput) {
    const { db, accounts, users, verification, mail, audit } = this.deps;
    const token = randomToken();
    const user = await db.transaction(async (tx) => {
      const created = await createVerifiedUser(
        users,
        // Nobody knows this password; the new member sets theirs through the link.
        {
          email: input.email,
          password: randomToken(),
          firstName: input.first_name,
          lastName: input.last_name,
          phoneNumber: input.phone_number,
          role: input.role,
        },
        tx,
      );
      if (!created) throw errors.validation({ email: [STAFF_ACCOUNT_MESSAGES.emailTaken] });
      await verification.insertReset(created.id, keyedHash(this.deps.secret, `reset:${token}`), STAFF_INVITE_TTL_HOURS * 60, tx);
      const link = `${this.deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await mail.enqueue(
        staffInviteMail(created.email, created.firstName, created.role, link, STAFF_INVITE_TTL_HOURS, created.locale),
        tx,
      );
      await audit.record(tx, {
        actor: admin,
        action: "staff.created",
        targetType: "user",
        targetId: created.id,
        summary: `Created ${created.role} account ${created.email}`,
        details: { email: created.email, role: created.role },
      });
      return (await accounts.find(created.id, tx))!;
    });
    this.deps.mailQueued();
    return { detail: STAFF_ACCOUNT_MESSAGES.created(user.email), user: view(user) };
  }

  async update(admin: AuthUser, id: number, changes: UpdateUserInput) {
    if (id === admin.id) throw errors.conflict(STAFF_ACCOUNT_MESSAGES.self, "self_change");
    const { db, accounts, audit } = this.deps;
    const user = await db.transaction(async (tx) => {
      const before = await accounts.find(id, tx, true);
      if (!before) throw errors.notFound(STAFF_ACCOUNT_MESSAGES.notFound);
      const role = changes.role ?? before.role;
      const staff: readonly Role[] = STAFF_ROLES;
      if (role !== before.role && !(staff.includes(role) && staff.includes(before.role))) {
        throw errors.conflict(STAFF_ACCOUNT_MESSAGES.staffRolesOnly, "not_staff");
      }
      const isActive = changes.is_active ?? before.isActive;
      if (role === before.role && isActive === before.isActive) return before;
      // A new role or a deactivation takes effect at once: tokens issued before are refused.
      this.deps.users.forgetSignedIn(id);
      await accounts.setAccess(tx, id, { role, isActive });
      if (role !== before.role) {
        await audit.record(tx, {
          actor: admin,
          action: "staff.role_changed",
          targetType: "user",
          targetId: id,
          summary: `Changed ${before.email} from ${before.role} to ${role}`,
          details: { email: before.email, from: before.role, to: role },
        });
      }
      if (isActive !== before.isActive) {
        await audit.record(tx, {
          actor: admin,
          action: isActive ? "staff.reactivated" : "staff.deactivated",
          targetType: "user",
          targetId: id,
          summary: `${isActive ? "Reactivated" : "Deactivated"} ${before.email}`,
          details: { email: before.email, role },
        });
      }
      return (await accounts.find(id, tx))!;
    });
    this.deps.users.forgetSignedIn(id);
    return { detail: STAFF_ACCOUNT_MESSAGES.updated, user: view(user) };
  }
}
