import { expect, type Page } from "@playwright/test";
import { waitForMail } from "./mail-catcher";
import { uniqueEmail } from "./env";

/** Signs in through the /login screen and waits until the app has left it. */
export async function signIn(page: Page, baseUrl: string, account: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).not.toHaveURL(`${baseUrl}/login`);
}

/**
 * Registers a new customer through the API, verifies the e-mail with the code from the mail catcher and
 * signs in through /login; resolves on the wallet home.
 */
export async function signUpVerifiedCustomer(
  page: Page,
  env: { baseUrl: string; mailUrl: string },
  person: { prefix: string; firstName: string; lastName: string; phone: string },
): Promise<{ email: string; password: string }> {
  const { baseUrl, mailUrl } = env;
  const email = uniqueEmail(person.prefix);
  const password = `${person.prefix}-pass-1`;
  const register = await page.request.post(`${baseUrl}/auth/register/`, {
    data: { first_name: person.firstName, last_name: person.lastName, email, phone_number: person.phone, password },
  });
  expect(register.status()).toBe(201);
  const code = (await waitForMail(mailUrl, email, /verification code/i)).text.match(/\b(\d{6})\b/)?.[1];
  expect((await page.request.post(`${baseUrl}/verify-email/`, { data: { email, code } })).status()).toBe(200);
  await signIn(page, baseUrl, { email, password });
  await expect(page).toHaveURL(`${baseUrl}/dashboard`);
  return { email, password };
}
