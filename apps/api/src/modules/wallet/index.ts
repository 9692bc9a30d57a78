import { widgetScripts } from "../../env";
import type { BaseContext, ModuleContext } from "../../lib/module-context";
import type { WalletCredits } from "../kyc-tiers";
import type { PurposeRegistry } from "../payments";
import { TopUpPurpose } from "./top-up.purpose";
import { walletRoutes } from "./wallet.routes";
import { WalletService, type WalletServiceDeps } from "./wallet.service";
import { WalletsRepository } from "./wallets.repository";

export { walletTransactionView } from "./wallet-views";
export type { RemitaWidget } from "./wallet-views";
export { TopUpPurpose } from "./top-up.purpose";
export { WalletService } from "./wallet.service";
export { WalletsRepository } from "./wallets.repository";

/** The wallets, which settlement, credits and profiles read before the wallet service exists. */
export function create(ctx: BaseContext) {
  const remitaWidget = { scriptUrl: widgetScripts(ctx.env).remita, publicKey: ctx.env.REMITA_PUBLIC_KEY };
  return { wallets: new WalletsRepository(ctx.db), remitaWidget };
}

/** Top-ups (a payment purpose: the money goes to the wallet or a KYC hold), wallet payments and the wallet history. */
export async function register(
  ctx: ModuleContext,
  deps: Omit<WalletServiceDeps, "db" | "publicUrl" | "paymentTtlMinutes" | "mailQueued" | "log"> & {
    walletCredits: WalletCredits;
    purposes: PurposeRegistry;
  },
) {
  const { db, env, log, publicUrl, mailQueued } = ctx;
  const { walletCredits, purposes, ...services } = deps;
  const topUps = new TopUpPurpose({ walletCredits, wallets: deps.wallets, mail: deps.mail });
  purposes.register(topUps);
  const wallet = new WalletService({ ...services, db, publicUrl, paymentTtlMinutes: env.PAYMENT_TTL_MINUTES, mailQueued, log });
  await ctx.app.register(walletRoutes, { wallet, wallets: deps.wallets, remitaWidget: deps.remitaWidget });
  return { wallet, topUps };
}
