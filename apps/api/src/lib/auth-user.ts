import type { Role } from "@hospipay/contract";

/** The signed-in caller, as the database has it (at most AUTH_USER_CACHE_MS old: SignedInCache). */
export interface AuthUser {
  id: number;
  role: Role;
  email: string;
  tokenVersion: number;
}
