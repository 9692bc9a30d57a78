import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { waitForMail } from "./mail-catcher";
import { e2eEnv, uniqueEmail } from "./env";

/** What the journeys at the desk share: the catalogue's services, money, signing staff in and making them. */

const { baseUrl, mailUrl } = e2eEnv();

export interface Service {
  id: number;
  name: string;
  price: string;
  fixed_price: string;
  department: { id: number; name: string };
}

export const naira = (kobo: number) =>
  `₦${(kobo / 100).toLocaleString("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const koboOf = (price: string) => Math.round(Number(price) * 100);

/** A cheap fixed-price service of the laboratory and one of the pharmacy, from the live catalogue. */
export async function pickServices(request: APIRequestContext): Promise<{ lab: Service; pharmacy: Service }> {
  const response = await request.get(`${baseUrl}/api/catalogue/revenue-heads/`);
  const all = ((await response.json()) as { data: { orgRevenueHeads: Service[] } }).data.orgRevenueHeads;
  const fixed = (department: RegExp) =>
    all.find((s) => department.test(s.department.name) && s.fixed_price !== "no" && koboOf(s.price) >= 100_000)!;
  return { lab: fixed(/^Laboratory/), pharmacy: fixed(/^Pharmacy$/) };
}

/** An account's access token, signed in through the API. */
export async function accessToken(request: APIRequestContext, account: { email: string; password: string }): Promise<string> {
  const response = await request.post(`${baseUrl}/auth/login/`, {
    data: { username_or_email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access: string }).access;
}

/**
 * A new agent (or `role`), created by the super admin with their desk (departments and rights); the password is
 * set through the e-mailed link.
 */
export async function newStaff(
  request: APIRequestContext,
  superToken: string,
  firstName: string,
  lastName: string,
  desk: { departments: string[]; collects_money: boolean; gives_items: boolean; waiver_limit?: string | null },
  role: "AGENT" | "ADMIN" = "AGENT",
) {
  const email = uniqueEmail(firstName.toLowerCase());
  const headers = { authorization: `Bearer ${superToken}` };
  const created = await request.post(`${baseUrl}/api/staff/users/`, {
    headers,
    data: { first_name: firstName, last_name: lastName, email, phone_number: "08031234567", role },
  });
  expect(created.status(), await created.text()).toBe(201);
  // The super admin says what the new member does at the desk: their departments and rights.
  const { user } = (await created.json()) as { user: { id: number } };
  const rights = await request.put(`${baseUrl}/api/staff/users/${user.id}/desk/`, {
    headers,
    data: { waiver_limit: null, ...desk },
  });
  expect(rights.status(), await rights.text()).toBe(200);
  const mail = await waitForMail(mailUrl, email, /staff account/);
  const token = decodeURIComponent(mail.text.match(/token=([^\s&]+)/)![1]!);
  const password = `${firstName.toLowerCase()}-ward-keys-1`;
  expect((await request.post(`${baseUrl}/auth/reset-password/`, { data: { token, new_password: password } })).status()).toBe(200);
  return { email, password, name: `${firstName} ${lastName}` };
}

/** One line of the bill form: department, then the service (by its catalogue id), then the quantity. */
export async function fillLine(page: Page, number: number, service: Service, quantity: number) {
  await page.getByLabel(`Line ${number}: department`).selectOption({ label: service.department.name });
  const select = page.getByLabel(`Line ${number}: service`);
  await expect(select.locator(`option[value="${service.id}"]`)).toHaveCount(1);
  await select.selectOption(String(service.id));
  await page.getByLabel(`Line ${number}: quantity`).fill(String(quantity));
}
