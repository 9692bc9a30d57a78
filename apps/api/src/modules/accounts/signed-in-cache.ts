import type { AuthUser } from "../../lib/auth-user";

/** How many signed-in users are remembered at most (about 150 bytes each). */
const MAX_USERS = 10_000;

/**
 * The sign-in rows (id, role, e-mail, token version, only of active users) that signed-in requests were
 * checked against lately, each kept for `ttlMs` (AUTH_USER_CACHE_MS): a user's requests within that time
 * ask the database once, not once each.
 *
 * A change that revokes tokens (log-out everywhere, a new password, a new role, a deactivation) takes
 * effect at once in the process that made it (it calls forget()), and within ttlMs in every other process
 * on the same database. A row read before a forget() is never kept after it. ttlMs 0 (the default) keeps
 * nothing: every request asks the database.
 */
export class SignedInCache {
  private readonly users = new Map<number, { user: AuthUser; untilMs: number }>();
  /** Moves on at each forget(), so that a read that started before it is not kept. */
  private forgets = 0;

  constructor(
    private readonly load: (id: number) => Promise<AuthUser | null>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The user's sign-in row as the database had it at most ttlMs ago; null when there is no such active user. */
  async find(id: number): Promise<AuthUser | null> {
    if (this.ttlMs <= 0) return this.load(id);
    const kept = this.users.get(id);
    if (kept && kept.untilMs > this.now()) return kept.user;
    const forgets = this.forgets;
    const user = await this.load(id);
    if (user && forgets === this.forgets) {
      this.users.delete(id);
      if (this.users.size >= MAX_USERS) this.users.delete(this.users.keys().next().value as number);
      this.users.set(id, { user: Object.freeze(user), untilMs: this.now() + this.ttlMs });
    }
    return user;
  }

  /** Drops what is kept of a user whose sign-in row changes (or just changed). */
  forget(id: number): void {
    this.forgets += 1;
    this.users.delete(id);
  }
}
