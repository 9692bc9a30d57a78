import { DEFAULT_LOCALE, type Locale, type Role } from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";
import type { AuthUser } from "../../lib/auth-user";
import { RoundBatch } from "../../lib/round-batch";
import { SignedInCache } from "./signed-in-cache";

/** A users row as the services see it. */
export interface UserRecord {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  role: Role;
  passwordHash: string;
  emailVerifiedAt: Date | null;
  /** When a code received by SMS proved the account's phone (which number: verified_phone); separate from the e-mail's. */
  phoneVerifiedAt: Date | null;
  tokenVersion: number;
  hospitalNumber: string;
  nextOfKinName: string;
  nextOfKinPhone: string;
  nextOfKinAddress: string;
  accountType: "INDIVIDUAL" | "CORPORATE";
  isDemo: boolean;
  /** False once a super admin deactivated the account: it cannot sign in and its tokens are refused. */
  isActive: boolean;
  /** The language the user last used the app in (sign-in, registration, profile update): their e-mails are written in it. */
  locale: Locale;
}

const COLUMNS = `id, username, email, first_name AS "firstName", last_name AS "lastName", phone_number AS "phoneNumber",
  role, password_hash AS "passwordHash", email_verified_at AS "emailVerifiedAt", phone_verified_at AS "phoneVerifiedAt", token_version AS "tokenVersion",
  hospital_number AS "hospitalNumber", next_of_kin_name AS "nextOfKinName", next_of_kin_phone AS "nextOfKinPhone",
  next_of_kin_address AS "nextOfKinAddress", account_type AS "accountType", is_demo AS "isDemo", is_active AS "isActive", locale`;

export interface NewUser {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  role: Role;
  passwordHash: string;
  verified: boolean;
  isDemo?: boolean;
  /** The registering request's language; English when not given (staff accounts, demo data). */
  locale?: Locale;
}

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  hospitalNumber: string;
  nextOfKinName: string;
  nextOfKinPhone: string;
  nextOfKinAddress: string;
  /** The language of the request that made the change, remembered as the user's. */
  locale: Locale;
}

/** SQL for the users table. Every method takes an optional transaction. */
export class UsersRepository {
  private readonly signedIn: SignedInCache;

  /** signedInCacheMs: how long a signed-in user's row answers the access check (SignedInCache); 0 not at all. */
  constructor(
    private readonly db: Database,
    { signedInCacheMs = 0 }: { signedInCacheMs?: number } = {},
  ) {
    this.signedIn = new SignedInCache((id) => this.signedInRows.ask(id), signedInCacheMs);
  }

  /**
   * The sign-in rows asked by the access checks of one event-loop round, in one statement (RoundBatch):
   * each as fresh as if read alone, each request its own copy.
   */
  private readonly signedInRows = new RoundBatch<number, AuthUser | null>(async (ids) => {
    const { rows } = await this.db.query<AuthUser>(
      `SELECT id, role, email, token_version AS "tokenVersion" FROM users WHERE id = ANY($1::bigint[]) AND is_active`,
      [ids],
      // Every signed-in request asks this.
      { prepare: true },
    );
    const byId = new Map(rows.map((user) => [user.id, user]));
    return ids.map((id) => {
      const user = byId.get(id);
      return user ? { ...user } : null;
    });
  });

  /** The active user a token names, for the access check on every signed-in request (SignedInCache). */
  findSignedIn(id: number): Promise<AuthUser | null> {
    return this.signedIn.find(id);
  }

  /**
   * Call when a user's role, activity or token version changes: in the transaction that changes it (the
   * methods here do), and again once it committed (a request read meanwhile may have kept the row as it was).
   */
  forgetSignedIn(id: number): void {
    this.signedIn.forget(id);
  }

  async findAuthById(id: number, q: Queryable = this.db): Promise<AuthUser | null> {
    const { rows } = await q.query<AuthUser>(
      `SELECT id, role, email, token_version AS "tokenVersion" FROM users WHERE id = $1 AND is_active`,
      [id],
      // Every signed-in request asks this.
      { prepare: true },
    );
    return rows[0] ?? null;
  }

  async findById(id: number, q: Queryable = this.db): Promise<UserRecord | null> {
    const { rows } = await q.query<UserRecord>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async findByEmail(email: string, q: Queryable = this.db, lock = false): Promise<UserRecord | null> {
    const { rows } = await q.query<UserRecord>(`SELECT ${COLUMNS} FROM users WHERE email = $1${lock ? " FOR UPDATE" : ""}`, [
      email.toLowerCase(),
    ]);
    return rows[0] ?? null;
  }

  /** Finds by e-mail or username (both stored lower-case). */
  async findByLogin(identifier: string, q: Queryable = this.db): Promise<UserRecord | null> {
    const { rows } = await q.query<UserRecord>(
      `SELECT ${COLUMNS} FROM users WHERE email = $1 OR username = $1 ORDER BY (email = $1) DESC LIMIT 1`,
      [identifier.toLowerCase()],
    );
    return rows[0] ?? null;
  }

  async usernameTaken(username: string, q: Queryable = this.db): Promise<boolean> {
    const { rows } = await q.query(`SELECT 1 FROM users WHERE username = $1`, [username]);
    return rows.length > 0;
  }

  /** Inserts a user; returns null when the e-mail or username is already taken. */
  async insert(user: NewUser, q: Queryable = this.db): Promise<UserRecord | null> {
    const { rows } = await q.query<UserRecord>(
      `INSERT INTO users (username, email, first_name, last_name, phone_number, role, password_hash, email_verified_at, is_demo,
         locale)
       VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $8::boolean THEN now() END, $9, $10)
       ON CONFLICT DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        user.username,
        user.email.toLowerCase(),
        user.firstName,
        user.lastName,
        user.phoneNumber,
        user.role,
        user.passwordHash,
        user.verified,
        user.isDemo ?? false,
        user.locale ?? DEFAULT_LOCALE,
      ],
    );
    return rows[0] ?? null;
  }

  async markVerified(id: number, q: Queryable = this.db): Promise<void> {
    await q.query(`UPDATE users SET email_verified_at = coalesce(email_verified_at, now()), updated_at = now() WHERE id = $1`, [
      id,
    ]);
  }

  /** Records that a code sent by SMS to `number` (E.164) was entered: the phone is verified, the e-mail untouched. */
  async markPhoneVerified(id: number, number: string, q: Queryable = this.db): Promise<void> {
    await q.query(`UPDATE users SET phone_verified_at = now(), verified_phone = $2, updated_at = now() WHERE id = $1`, [
      id,
      number,
    ]);
  }

  async updateProfile(id: number, changes: ProfileChanges, q: Queryable = this.db): Promise<UserRecord | null> {
    const { rows } = await q.query<UserRecord>(
      `UPDATE users SET first_name = $2, last_name = $3, phone_number = $4, hospital_number = $5,
         next_of_kin_name = $6, next_of_kin_phone = $7, next_of_kin_address = $8, locale = $9, updated_at = now()
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [
        id,
        changes.firstName,
        changes.lastName,
        changes.phoneNumber,
        changes.hospitalNumber,
        changes.nextOfKinName,
        changes.nextOfKinPhone,
        changes.nextOfKinAddress,
        changes.locale,
      ],
    );
    return rows[0] ?? null;
  }

  /** Remembers the language the user signed in with (a no-op when it is already theirs). */
  async setLocale(id: number, locale: Locale, q: Queryable = this.db): Promise<void> {
    await q.query(`UPDATE users SET locale = $2, updated_at = now() WHERE id = $1 AND locale <> $2`, [id, locale]);
  }

  /** Sets a new password hash and revokes every token issued before; returns the new token version. */
  async setPassword(id: number, passwordHash: string, q: Queryable = this.db): Promise<number> {
    const { rows } = await q.query<{ tokenVersion: number }>(
      `UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = now()
       WHERE id = $1 RETURNING token_version AS "tokenVersion"`,
      [id, passwordHash],
    );
    this.forgetSignedIn(id);
    return rows[0]?.tokenVersion ?? 0;
  }

  /** Revokes every token issued so far (logout). */
  async bumpTokenVersion(id: number, q: Queryable = this.db): Promise<void> {
    await q.query(`UPDATE users SET token_version = token_version + 1, updated_at = now() WHERE id = $1`, [id]);
    this.forgetSignedIn(id);
  }

  async countDemoUsers(q: Queryable = this.db): Promise<number> {
    const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE is_demo`);
    return rows[0]?.n ?? 0;
  }
}
