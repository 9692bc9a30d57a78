/** What global-setup started, handed to the test workers through the environment. */
export function e2eEnv() {
  const baseUrl = process.env.E2E_BASE_URL;
  const mailUrl = process.env.E2E_MAIL_URL;
  if (!baseUrl || !mailUrl) throw new Error("E2E_BASE_URL / E2E_MAIL_URL missing: run through playwright with global-setup");
  const demo = JSON.parse(process.env.E2E_DEMO_ACCOUNTS ?? "{}") as Record<string, { email: string; password: string }>;
  return { baseUrl, mailUrl, demo };
}

let counter = 0;
/** A unique e-mail address for one journey. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.ng`;
}
