/**
 * Where each role belongs (SPEC §4). Kept free of React so that the whole table is tested cell by cell.
 */

/** Role guards of SPEC §4, plus `user` for pages any signed-in user may open (/wallet-pay, /profile/edit). */
export type GuardName = "customer" | "admin" | "superadmin" | "agent" | "user";

/** The guard's verdict: render the page, or send the user elsewhere. */
export type GuardDecision = { allowed: true } | { allowed: false; redirect: string };

const ALLOW = "allowed";

/** SPEC §4 "A user who opens another role's area is sent to their own", verbatim. */
const GUARD_TABLE: Record<Exclude<GuardName, "user">, Record<string, string>> = {
  customer: { CUSTOMER: ALLOW, ADMIN: "/admindashboard", AGENT: "/agentdashboard", SUPERADMIN: "/agentdashboard" },
  admin: { CUSTOMER: "/dashboard", ADMIN: ALLOW, AGENT: "/agentdashboard", SUPERADMIN: "/superdashboard" },
  superadmin: { CUSTOMER: "/dashboard", ADMIN: "/admindashboard", AGENT: "/agentdashboard", SUPERADMIN: ALLOW },
  agent: { CUSTOMER: "/dashboard", ADMIN: "/admindashboard", AGENT: ALLOW, SUPERADMIN: "/superdashboard" },
};

const KNOWN_ROLES = new Set(["CUSTOMER", "ADMIN", "AGENT", "SUPERADMIN"]);

/** Post-login destination per role (SPEC §4); any other role goes to /admindashboard. */
const HOME_BY_ROLE: Record<string, string> = {
  CUSTOMER: "/dashboard",
  AGENT: "/agentdashboard",
  ADMIN: "/admindashboard",
  SUPERADMIN: "/superdashboard",
};

/** Decides what a guard does for a signed-in user's role. An unknown role goes to /login. */
export function resolveGuard(guard: GuardName, role: string): GuardDecision {
  if (!KNOWN_ROLES.has(role)) return { allowed: false, redirect: "/login" };
  if (guard === "user") return { allowed: true };
  const cell = GUARD_TABLE[guard][role];
  if (cell === undefined) return { allowed: false, redirect: "/login" };
  if (cell === ALLOW) return { allowed: true };
  return { allowed: false, redirect: cell };
}

/** Post-login destination (SPEC §4): the role's home, and /admindashboard for any other role. */
export function postLoginPath(role: string): string {
  return Object.hasOwn(HOME_BY_ROLE, role) ? (HOME_BY_ROLE[role] ?? "/admindashboard") : "/admindashboard";
}
