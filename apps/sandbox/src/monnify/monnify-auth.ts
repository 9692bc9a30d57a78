import { randomBytes } from "node:crypto";

/** Lifetime of a Monnify access token. */
export const MONNIFY_TOKEN_TTL_SECONDS = 3_600;

export type TokenCheck = "valid" | "expired" | "unknown";

/** Bearer tokens handed out by POST /api/v1/auth/login, with their expiry. */
export class MonnifyTokens {
  private readonly expiries = new Map<string, number>();

  constructor(private readonly ttlSeconds = MONNIFY_TOKEN_TTL_SECONDS) {}

  issue(): { accessToken: string; expiresIn: number } {
    const now = Date.now();
    for (const [token, expiresAt] of this.expiries) if (expiresAt + 86_400_000 < now) this.expiries.delete(token);
    const accessToken = randomBytes(36).toString("base64url");
    this.expiries.set(accessToken, now + this.ttlSeconds * 1000);
    return { accessToken, expiresIn: this.ttlSeconds };
  }

  check(token: string): TokenCheck {
    const expiresAt = this.expiries.get(token);
    if (expiresAt === undefined) return "unknown";
    return Date.now() < expiresAt ? "valid" : "expired";
  }

  /** Makes every token issued so far expired (the API must log in again). */
  expireAll(): number {
    const now = Date.now();
    let count = 0;
    for (const [token, expiresAt] of this.expiries) {
      if (expiresAt > now) count += 1;
      this.expiries.set(token, now - 1);
    }
    return count;
  }
}
