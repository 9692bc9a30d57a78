// What must hold across the API processes, whichever one answers: a rate limit counted in Redis refuses the
// (max+1)-th request on either process, and a token revoked by one process (sign-out, password change,
// staff deactivation) is refused by the other at once (AUTH_USER_CACHE_MS=0).
import { randomBytes } from "node:crypto";
import { API_PATHS, type Role } from "@hospipay/contract";
import type { Database } from "../../apps/api/src/db/database";
import { createVerifiedUser, UsersRepository } from "../../apps/api/src/modules/accounts";
import { field, Traffic } from "../chaos/http";
import type { ScenarioResult } from "../chaos/report";
import { signIn } from "../chaos/world";
import { ACCOUNT_SIGN_IN_MAX, type Cluster } from "./topology";

/** One request's answer with the process that gave it (nginx's X-Upstream, or the port hit directly). */
interface Hit {
  status: number;
  upstream: string;
  code?: string;
}

async function post(url: string, body: unknown, token?: string): Promise<Hit> {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { code?: string }).code;
  } catch {
    code = undefined;
  }
  return { status: response.status, upstream: response.headers.get("x-upstream") ?? new URL(url).host, code };
}

async function user(db: Database, role: Role, label: string): Promise<{ id: number; email: string; password: string }> {
  const email = `cluster-${label}-${randomBytes(3).toString("hex")}@example.ng`;
  const password = randomBytes(12).toString("hex");
  const made = await db.transaction((tx) =>
    createVerifiedUser(
      new UsersRepository(db),
      { email, password, firstName: "Cluster", lastName: label, phoneNumber: "08030000000", role },
      tx,
    ),
  );
  if (!made) throw new Error(`could not create ${email}`);
  return { id: made.id, email, password };
}

const portOf = (upstream: string) => upstream.split(",").pop()!.trim();

/**
 * The per-account sign-in budget (ACCOUNT_SIGN_IN_MAX in the window), counted in Redis: wrong passwords
 * for one account, first straight at each API process in turn, then through nginx; the first max answers
 * are 400 invalid_credentials wherever they were served, every later one 429 on both processes.
 */
export async function rateLimitAcrossProcesses(cluster: Cluster): Promise<ScenarioResult> {
  const began = Date.now();
  const failures: string[] = [];
  const notes: string[] = [];
  let attempted = 0;
  let asExpected = 0;
  const expect = (hit: Hit, status: number, what: string) => {
    attempted += 1;
    if (hit.status === status) asExpected += 1;
    else failures.push(`${what}: ${hit.status}${hit.code ? ` ${hit.code}` : ""} from ${hit.upstream}, expected ${status}`);
  };
  const [a, b] = cluster.apis;
  const login = (base: string, email: string) =>
    post(`${base}${API_PATHS.login}`, { username_or_email: email, password: "not-the-password" });

  // Straight at the processes, alternating: a, b, a, b, …
  const direct = await user(cluster.target.db, "CUSTOMER", "limit-direct");
  for (let i = 1; i <= ACCOUNT_SIGN_IN_MAX + 2; i += 1) {
    const node = i % 2 === 1 ? a : b;
    const hit = await login(node.url, direct.email);
    expect(hit, i <= ACCOUNT_SIGN_IN_MAX ? 400 : 429, `sign-in ${i} of ${direct.email} at ${node.label}`);
  }
  // Through nginx: the limit holds whichever process it picks; more refusals until both processes gave one.
  const balanced = await user(cluster.target.db, "CUSTOMER", "limit-nginx");
  const served = new Map<string, number[]>();
  const refusedBy = new Set<string>();
  for (let i = 1; i <= ACCOUNT_SIGN_IN_MAX + 12; i += 1) {
    const hit = await login(cluster.at.api, balanced.email);
    const port = portOf(hit.upstream);
    served.set(port, [...(served.get(port) ?? []), hit.status]);
    expect(hit, i <= ACCOUNT_SIGN_IN_MAX ? 400 : 429, `sign-in ${i} of ${balanced.email} through nginx`);
    if (i > ACCOUNT_SIGN_IN_MAX && hit.status === 429) refusedBy.add(port);
    if (refusedBy.size === 2) break;
  }
  if (refusedBy.size < 2) failures.push(`through nginx, only ${[...refusedBy].join(", ") || "no process"} answered 429`);
  notes.push(
    `sign-in budget ${ACCOUNT_SIGN_IN_MAX} per account: straight a, b, a, … → ${ACCOUNT_SIGN_IN_MAX}× 400 then 429 at both; through nginx: ${[
      ...served,
    ]
      .map(
        ([port, statuses]) =>
          `${port === `127.0.0.1:${a.port}` ? a.label : port === `127.0.0.1:${b.port}` ? b.label : port} ${statuses.join(" ")}`,
      )
      .join("; ")}`,
  );
  return {
    name: "rate limit across processes (Redis)",
    attempted,
    succeeded: asExpected,
    rejected: 0,
    lost: 0,
    ledgerDifferences: 0,
    unexpected5xx: 0,
    seconds: (Date.now() - began) / 1000,
    notes,
    failures,
  };
}

/**
 * Revocations: a customer signs out at one process, and the other refuses the token at once; a customer
 * changes the password at one process, and the other refuses the earlier token at once (the new one is
 * accepted); a SUPERADMIN deactivates an ADMIN at one process, and the other refuses the ADMIN's token at once.
 */
export async function revocationAcrossProcesses(cluster: Cluster): Promise<ScenarioResult> {
  const began = Date.now();
  const failures: string[] = [];
  const traffic = new Traffic();
  const [a, b] = cluster.apis;
  const { db } = cluster.target;
  let attempted = 0;
  let asExpected = 0;
  const profile = async (node: { url: string; label: string }, token: string, status: number, what: string) => {
    attempted += 1;
    const answer = await traffic.call("profile", `${node.url}${API_PATHS.profile}`, { token });
    if (answer.status === status) asExpected += 1;
    else failures.push(`${what}: ${node.label} answered ${answer.status}, expected ${status}`);
  };
  const act = async (what: string, url: string, token: string, body: unknown, method = "POST") => {
    const answer = await traffic.call(what, url, { token, body, method });
    if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 160)}`);
    return answer;
  };

  // Sign-out at a; b refuses the token on its very next request.
  const customer = await user(db, "CUSTOMER", "revoke");
  const first = (await signIn(traffic, cluster.at.api, customer.email, customer.password)).token;
  await profile(a, first, 200, "before sign-out");
  await profile(b, first, 200, "before sign-out");
  await act("sign-out", `${a.url}${API_PATHS.logout}`, first, undefined);
  await profile(b, first, 401, "the other process, right after sign-out");
  await profile(a, first, 401, "the same process, right after sign-out");

  // Password change at b; a refuses the earlier token at once and takes the new one.
  const second = (await signIn(traffic, cluster.at.api, customer.email, customer.password)).token;
  await profile(a, second, 200, "before the password change");
  const changed = await act("change password", `${b.url}${API_PATHS.changePassword}`, second, {
    old_password: customer.password,
    new_password: `${randomBytes(10).toString("hex")}Aa1!`,
  });
  const third = field<string>(changed, "access");
  await profile(a, second, 401, "the other process, right after the password change");
  if (third) await profile(a, third, 200, "the new token, at the other process");
  else failures.push("the password change answered no new token");

  // Deactivation by a SUPERADMIN at a; b refuses the ADMIN's token at once.
  const superadmin = await user(db, "SUPERADMIN", "revoke-super");
  const admin = await user(db, "ADMIN", "revoke-admin");
  const superToken = (await signIn(traffic, cluster.at.api, superadmin.email, superadmin.password)).token;
  const adminToken = (await signIn(traffic, cluster.at.api, admin.email, admin.password)).token;
  await profile(b, adminToken, 200, "before deactivation");
  await act("deactivate", `${a.url}${API_PATHS.staffUser(admin.id)}`, superToken, { is_active: false }, "PATCH");
  await profile(b, adminToken, 401, "the other process, right after deactivation");

  return {
    name: "revocation across processes (no user cache)",
    attempted,
    succeeded: asExpected,
    rejected: 0,
    lost: 0,
    ledgerDifferences: 0,
    unexpected5xx: traffic.answers.filter((x) => x.status >= 500).length,
    seconds: (Date.now() - began) / 1000,
    notes: [
      "sign-out at api-a, password change at api-b, deactivation at api-a: each refused by the other process on its next request",
    ],
    failures,
  };
}
