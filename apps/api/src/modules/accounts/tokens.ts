import { jwtVerify, SignJWT } from "jose";
import type { Role } from "@hospipay/contract";

/** What an access token asserts. */
export interface AccessClaims {
  userId: number;
  role: Role;
  /** The user's token_version when the token was issued. */
  version: number;
}

/**
 * Signs and verifies access tokens (HS256). Every verify() checks the signature, the issuer and the
 * expiry; nothing is remembered between calls. Revocation is not the token's business: the access check
 * then compares the token's version with the user's token_version, read from the database on every
 * request (AUTH_USER_CACHE_MS is 0 by default; above 0, SignedInCache answers from a row at most that old).
 */
export class TokenService {
  private readonly key: Uint8Array;

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
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ["HS256"],
        issuer: "hospipay",
        requiredClaims: ["exp", "iat", "sub"],
      });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || typeof payload.ver !== "number" || typeof payload.role !== "string") return null;
      return { userId, role: payload.role as Role, version: payload.ver };
    } catch {
      return null;
    }
  }
}
