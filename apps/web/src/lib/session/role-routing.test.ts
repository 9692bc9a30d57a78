import { describe, expect, it } from "vitest";
import { postLoginPath, resolveGuard, type GuardName } from "./role-routing";

// SPEC §4, "A user who opens another role's area is sent to their own", cell by cell.
const TABLE: Array<[GuardName, string, string]> = [
  ["customer", "CUSTOMER", "allowed"],
  ["customer", "ADMIN", "/admindashboard"],
  ["customer", "AGENT", "/agentdashboard"],
  ["customer", "SUPERADMIN", "/agentdashboard"],
  ["admin", "CUSTOMER", "/dashboard"],
  ["admin", "ADMIN", "allowed"],
  ["admin", "AGENT", "/agentdashboard"],
  ["admin", "SUPERADMIN", "/superdashboard"],
  ["superadmin", "CUSTOMER", "/dashboard"],
  ["superadmin", "ADMIN", "/admindashboard"],
  ["superadmin", "AGENT", "/agentdashboard"],
  ["superadmin", "SUPERADMIN", "allowed"],
  ["agent", "CUSTOMER", "/dashboard"],
  ["agent", "ADMIN", "/admindashboard"],
  ["agent", "AGENT", "allowed"],
  ["agent", "SUPERADMIN", "/superdashboard"],
];

describe("resolveGuard: SPEC §4 guard table", () => {
  it("has all 16 cells", () => {
    expect(TABLE).toHaveLength(16);
  });

  it.each(TABLE)("%s guard, role %s → %s", (guard, role, expected) => {
    const decision = resolveGuard(guard, role);
    if (expected === "allowed") expect(decision).toEqual({ allowed: true });
    else expect(decision).toEqual({ allowed: false, redirect: expected });
  });

  it.each(["customer", "admin", "superadmin", "agent", "user"] as const)("%s guard sends an unknown role to /login", (guard) => {
    for (const role of ["AUDITOR", "", "customer", "Admin", "constructor", "__proto__", "toString"]) {
      expect(resolveGuard(guard, role)).toEqual({ allowed: false, redirect: "/login" });
    }
  });

  it.each(["CUSTOMER", "ADMIN", "AGENT", "SUPERADMIN"])(
    "the signed-in-user guard (/wallet-pay, /profile/edit) allows %s",
    (role) => {
      expect(resolveGuard("user", role)).toEqual({ allowed: true });
    },
  );
});

describe("postLoginPath: SPEC §4 post-login destination", () => {
  it.each([
    ["CUSTOMER", "/dashboard"],
    ["AGENT", "/agentdashboard"],
    ["ADMIN", "/admindashboard"],
    ["SUPERADMIN", "/superdashboard"],
  ])("%s → %s", (role, path) => {
    expect(postLoginPath(role)).toBe(path);
  });

  it.each(["AUDITOR", "", "customer", "constructor", "__proto__"])("any other role (%j) → /admindashboard", (role) => {
    expect(postLoginPath(role)).toBe("/admindashboard");
  });
});
