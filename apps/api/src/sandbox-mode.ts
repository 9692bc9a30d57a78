import { sandboxPlugin } from "@hospipay/sandbox";
import { selfUrl, type Env } from "./env";
import type { App } from "./lib/module-context";
import { qrSvgDataUrl, type MailRepository } from "./modules/mail";

/** The gateway, catalogue and SMS simulators and the sandbox mailbox, served by the API itself in sandbox mode. */
export async function registerSandbox(app: App, env: Env, mail: MailRepository): Promise<void> {
  await app.register(sandboxPlugin, {
    mailbox: {
      list: async (limit) =>
        Promise.all(
          (await mail.listSandboxMail(limit)).map(async (message) => ({
            ...message,
            qr_image: message.qr ? await qrSvgDataUrl(message.qr) : null,
          })),
        ),
    },
    routeConfig: { access: "public" },
    apiBaseUrl: () => selfUrl(env),
    // The simulators check hashes and sign webhooks with the same keys the adapters use.
    credentials: {
      catalogueToken: env.CATALOGUE_TOKEN,
      remita: {
        merchantId: env.REMITA_MERCHANT_ID,
        serviceTypeId: env.REMITA_SERVICE_TYPE_ID,
        apiKey: env.REMITA_API_KEY,
        publicKey: env.REMITA_PUBLIC_KEY,
      },
      monnify: { apiKey: env.MONNIFY_API_KEY, secretKey: env.MONNIFY_SECRET_KEY, contractCode: env.MONNIFY_CONTRACT_CODE },
      paystack: { secretKey: env.PAYSTACK_SECRET_KEY, publicKey: env.PAYSTACK_PUBLIC_KEY },
      termii: { apiKey: env.SMS_API_KEY },
    },
  });
}
