import { STORAGE_KEYS } from "@hospipay/contract";
import { expect, type Page } from "@playwright/test";
import { waitForMail } from "./mail-catcher";
import { uniqueEmail } from "./env";

export interface Account {
  email: string;
  password: string;
}

/** What POST /auth/login/ answers: the bearer token and the user's profile. */
export interface ApiSession {
  token: string;
  user: { id: number; role: string } & Record<string, unknown>;
}

/** Each role's home after signing in (SPEC §4); any other role goes to /admindashboard. */
const HOME_BY_ROLE: Record<string, string> = {
  CUSTOMER: "/dashboard",
  AGENT: "/agentdashboard",
  ADMIN: "/admindashboard",
  SUPERADMIN: "/superdashboard",
};

/**
 * Signs in through the /login screen and waits until the app has left it. For the journeys whose point
 * is signing in (the form, its errors, where each role lands); the others use signInViaApi.
 */
export async function signIn(page: Page, baseUrl: string, account: Account): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).not.toHaveURL(`${baseUrl}/login`);
}

/**
 * Signs in through POST /auth/login/ (the page's own request context) and opens `path` (by default the
 * role's home) with the session stored where the login screen stores it: the token under `token` and the
 * profile under `user` in localStorage. The storage is seeded by an init script for that one navigation
 * only, so a later logout or reload sees what the app itself left.
 */
export async function signInViaApi(page: Page, baseUrl: string, account: Account, path?: string): Promise<ApiSession> {
  const response = await page.request.post(`${baseUrl}/auth/login/`, {
    data: { username_or_email: account.email, password: account.password },
  });
  expect(response.status(), `POST /auth/login/ for ${account.email}: ${await response.text()}`).toBe(200);
  const { access, user } = (await response.json()) as { access: string; user: ApiSession["user"] };
  expect(access, "the login answer carries a token").toBeTruthy();
  const seed = await page.addInitScript(
    (session) => {
      if (window.location.origin !== session.origin) return;
      window.localStorage.setItem(session.tokenKey, session.token);
      window.localStorage.setItem(session.userKey, session.user);
    },
    {
      origin: new URL(baseUrl).origin,
      tokenKey: STORAGE_KEYS.token,
      userKey: STORAGE_KEYS.user,
      token: access,
      user: JSON.stringify(user),
    },
  );
  try {
    await page.goto(`${baseUrl}${path ?? HOME_BY_ROLE[user.role] ?? "/admindashboard"}`);
  } finally {
    await seed.dispose();
  }
  // A staff page arrives with an inert picture of itself (apps/web/README.md): the journey starts on the page.
  await expect(page.locator("#signed-in-shell")).toHaveCount(0);
  return { token: access, user };
}

/**
 * Registers a new customer through the API, verifies the e-mail with the code from the mail catcher and
 * signs in through the API; resolves on the wallet home.
 */
export async function signUpVerifiedCustomer(
  page: Page,
  env: { baseUrl: string; mailUrl: string },
  person: { prefix: string; firstName: string; lastName: string; phone: string },
): Promise<Account> {
  const { baseUrl, mailUrl } = env;
  const email = uniqueEmail(person.prefix);
  const password = `${person.prefix}-pass-1`;
  const register = await page.request.post(`${baseUrl}/auth/register/`, {
    data: { first_name: person.firstName, last_name: person.lastName, email, phone_number: person.phone, password },
  });
  expect(register.status()).toBe(201);
  const code = (await waitForMail(mailUrl, email, /verification code/i)).text.match(/\b(\d{6})\b/)?.[1];
  expect((await page.request.post(`${baseUrl}/verify-email/`, { data: { email, code } })).status()).toBe(200);
  await signInViaApi(page, baseUrl, { email, password });
  await expect(page).toHaveURL(`${baseUrl}/dashboard`);
  return { email, password };
}
