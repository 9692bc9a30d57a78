import { STAFF_ROLES, type CreateStaffInput, type ManagedUser, type Role, type UpdateUserInput } from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";
import { randomToken, keyedHash } from "../../lib/crypto";
import { errors } from "../../lib/errors";
import type { AuthUser } from "../../plugins/access";
import { createVerifiedUser } from "../accounts/create-user";
import type { UsersRepository } from "../accounts/users.repository";
import type { VerificationRepository } from "../accounts/verification.repository";
import type { AuditRepository } from "../audit/audit.repository";
import type { MailRepository } from "../mail/mail.repository";
import { staffInviteMail } from "../mail/mail-templates";

export interface StaffAccountsDeps {
  db: Database;
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

interface ManagedUserRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  role: Role;
  isActive: boolean;
  createdAt: Date;
}

const COLUMNS = `id, email, first_name AS "firstName", last_name AS "lastName", phone_number AS "phoneNumber", role,
  is_active AS "isActive", created_at AS "createdAt"`;
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const view = (row: ManagedUserRow): ManagedUser => ({
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
    const { db } = this.deps;
    const where = `($1::text IS NULL OR role = $1) AND ($2::text IS NULL OR email ILIKE $2 OR (first_name || ' ' || last_name) ILIKE $2)`;
    const params = [query.role ?? null, query.search ? contains(query.search) : null];
    const [count, rows] = await Promise.all([
      db.query<{ n: number }>(`SELECT count(*)::bigint AS n FROM users WHERE ${where}`, params),
      db.query<ManagedUserRow>(
        `SELECT ${COLUMNS} FROM users WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
        [...params, USERS_PAGE_SIZE, (query.page - 1) * USERS_PAGE_SIZE],
      ),
    ]);
    return { count: count.rows[0]?.n ?? 0, page: query.page, page_size: USERS_PAGE_SIZE, results: rows.rows.map(view) };
  }

  async create(admin: AuthUser, input: CreateStaffInput) {
    const { db, users, verification, mail, audit } = this.deps;
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
      await mail.enqueue(staffInviteMail(created.email, created.firstName, created.role, link, STAFF_INVITE_TTL_HOURS), tx);
      await audit.record(tx, {
        actor: admin,
        action: "staff.created",
        targetType: "user",
        targetId: created.id,
        summary: `Created ${created.role} account ${created.email}`,
        details: { email: created.email, role: created.role },
      });
      return this.find(created.id, tx);
    });
    this.deps.mailQueued();
    return { detail: STAFF_ACCOUNT_MESSAGES.created(user.email), user: view(user) };
  }

  async update(admin: AuthUser, id: number, changes: UpdateUserInput) {
    if (id === admin.id) throw errors.conflict(STAFF_ACCOUNT_MESSAGES.self, "self_change");
    const { db, audit } = this.deps;
    const user = await db.transaction(async (tx) => {
      const { rows } = await tx.query<ManagedUserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1 FOR UPDATE`, [id]);
      const before = rows[0];
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
      await tx.query(
        `UPDATE users SET role = $2, is_active = $3, token_version = token_version + 1, updated_at = now() WHERE id = $1`,
        [id, role, isActive],
      );
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
      return this.find(id, tx);
    });
    this.deps.users.forgetSignedIn(id);
    return { detail: STAFF_ACCOUNT_MESSAGES.updated, user: view(user) };
  }

  private async find(id: number, q: Queryable): Promise<ManagedUserRow> {
    const { rows } = await q.query<ManagedUserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
    return rows[0]!;
  }
}
