import { jwtVerify, SignJWT } from "jose";
import type { Role } from "@hospipay/contract";

/** What an access token asserts. */
export interface AccessClaims {
  userId: number;
  role: Role;
  /** The user's token_version when the token was issued. */
  version: number;
}

/** How many verified tokens are remembered (about 200 bytes each). */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Signs and verifies access tokens (HS256). A token that passed the signature, issuer and expiry check
 * is remembered until it expires, keyed by the whole token string (at most VERIFIED_CACHE_SIZE, the oldest
 * out first): a signed-in caller's later requests skip the signature's crypto, and an altered token, being
 * another string, is checked in full. Revocation is not the token's business: the access check compares
 * the token's version with the user's token_version, read from the database on every request
 * (AUTH_USER_CACHE_MS is 0 by default; above 0, SignedInCache answers from a row at most that old).
 */
export class TokenService {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(claims: AccessClaims): Promise<string> {
    return new SignJWT({ role: claims.role, ver: claims.version })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .setIssuer("hospipay")
      .sign(this.key);
  }

  /** Returns the claims of a valid, unexpired token, or null. */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs) return known.claims;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ["HS256"],
        issuer: "hospipay",
        requiredClaims: ["exp", "iat", "sub"],
      });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || typeof payload.ver !== "number" || typeof payload.role !== "string") return null;
      const claims: AccessClaims = { userId, role: payload.role as Role, version: payload.ver };
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, { claims, expiresAtMs: (payload.exp as number) * 1000 });
      return claims;
    } catch {
      return null;
    }
  }
}
