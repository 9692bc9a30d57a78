import type { Database } from "./db/database";
import { publicUrl, type Env } from "./env";
import { JobLeases } from "./lib/job-leases";
import type { BaseContext, ModuleContext } from "./lib/module-context";
import { RequestsFirst } from "./lib/requests-first";
import { RateCountersPurge } from "./plugins/rate-limits";
import { registerSandbox } from "./sandbox-mode";
import { createServer, refuseUnstorableInput, registerPlugins } from "./server";
import { kycConsequences } from "./flows/kyc-consequences";
import * as accountsModule from "./modules/accounts";
import * as admissionsModule from "./modules/admissions";
import * as auditModule from "./modules/audit";
import * as bankTransfersModule from "./modules/bank-transfers";
import * as billsModule from "./modules/bills";
import * as cashDeskModule from "./modules/cash-desk";
import * as dayBookModule from "./modules/day-book";
import * as catalogueModule from "./modules/catalogue";
import * as gatewaysModule from "./modules/gateways";
import * as healthModule from "./modules/health";
import * as kycModule from "./modules/kyc";
import * as kycTiersModule from "./modules/kyc-tiers";
import * as ledgerModule from "./modules/ledger";
import * as mailModule from "./modules/mail";
import * as metricsModule from "./modules/metrics";
import * as paymentReviewsModule from "./modules/payment-reviews";
import * as paymentsModule from "./modules/payments";
import * as profileModule from "./modules/profile";
import * as receiptsModule from "./modules/receipts";
import * as refundsModule from "./modules/refunds";
import * as reservedAccountsModule from "./modules/reserved-accounts";
import * as settlementsModule from "./modules/settlements";
import * as shiftsModule from "./modules/shifts";
import * as patientsModule from "./modules/patients";
import * as hmosModule from "./modules/hmos";
import * as hmoClaimsModule from "./modules/hmo-claims";
import * as smsModule from "./modules/sms";
import * as staffAccountsModule from "./modules/staff-accounts";
import * as staffDeskModule from "./modules/staff-desk";
import * as staffInvoicesModule from "./modules/staff-invoices";
import * as staffSearchModule from "./modules/staff-search";
import * as walletModule from "./modules/wallet";
import * as webModule from "./modules/web";

/** Everything a running API holds: the HTTP app, its services and its background workers. */
export type AppContext = Awaited<ReturnType<typeof buildApp>>;

/**
 * Builds the API on a migrated database. The caller starts the worker and listens. Each module registers
 * its repositories, services, routes and workers, given what it uses of the modules before it; the few
 * modules that settlement or the access plugin need early build those parts first (`create`).
 */
export async function buildApp(env: Env, db: Database, options: { logStream?: NodeJS.WritableStream } = {}) {
  const app = createServer(env, options.logStream);
  const { metrics, exposure } = metricsModule.create({ app, db, env });
  refuseUnstorableInput(app);
  const { secret, tokens, users, verification } = await accountsModule.create({ db, env });
  // Background work (mail, payment re-queries) goes between requests, and at least every 100 ms under load.
  const requestsFirst = new RequestsFirst(100);
  requestsFirst.watch(app.server);
  // Housekeeping runs on one worker process at a time: the holder of each job's lease.
  const jobLeases = new JobLeases(db, app.log);
  const backgroundTurn = () => requestsFirst.turn();
  const base: BaseContext = { app, db, env, log: app.log, publicUrl: publicUrl(env), secret, backgroundTurn, jobLeases };
  await registerPlugins(app, { env, db, secret, tokens, users });

  await healthModule.register(base);
  await metricsModule.register(base, { metrics, exposure });
  const { mail, mailWorker } = mailModule.register(base);
  const refused = metrics ? (reason: smsModule.SmsRefusal) => metrics.smsRefused(reason) : undefined;
  const { sms, smsRepository, smsWorker } = smsModule.register(base, { refused });
  // Called after each commit that queued a message: mail, SMS or both leave at once. A process that runs no
  // background work (WORKERS=off) leaves them to the worker role, which finds them at its next poll.
  const kick = () => {
    mailWorker.kick();
    smsWorker.kick();
  };
  const ctx: ModuleContext = { ...base, mailQueued: env.WORKERS === "on" ? kick : () => undefined };
  const { audit } = await auditModule.register(ctx);
  const { ledger, ledgerCheckJob } = ledgerModule.register(ctx);
  const { catalogue } = await catalogueModule.register(ctx);
  const paystackCallbackUrl = (reference: string) => paymentsModule.receiptPageUrl(ctx.publicUrl, reference);
  const { gateways, monnify, paystack, queries } = gatewaysModule.create(ctx, { paystackCallbackUrl });
  const { wallets, remitaWidget } = walletModule.create(ctx);
  const { profiles } = await profileModule.register(ctx, { users, mail, tokens, wallets, remitaWidget });
  const profileOf = (user: accountsModule.UserRecord) => profiles.profileOf(user);
  const { accounts } = await accountsModule.register(ctx, { users, verification, mail, sms, tokens, profileOf });

  const { reviews } = paymentReviewsModule.create(ctx);
  const settles = { ledger, mail, sms, queries, reviews, catalogue, gateways };
  const { invoices, settlement, checkout, paymentsWorker, purposes, paymentReceipts, webhooks } = paymentsModule.create(
    ctx,
    settles,
  );
  const { billsRepository, billParts } = billsModule.create(ctx, { ledger, mail, sms, purposes, paymentReceipts });
  const { tiers, kycHolds, walletCredits } = kycTiersModule.create(ctx, { wallets, users, mail, sms });
  const remita = gateways.remita;
  const walletDeps = { wallets, invoices, ledger, users, checkout, billParts, remita, remitaWidget, mail, sms, tiers };
  const { wallet, topUps } = await walletModule.register(ctx, { ...walletDeps, walletCredits, purposes });
  await paymentsModule.register(ctx, { checkout, wallet, settlement, invoices });

  const { transfers, transferConfirmations } = await bankTransfersModule.register(ctx, { invoices, settlement, audit });
  const { desks, deskRepository } = await staffDeskModule.register(ctx, { audit });
  const { receiptCodes } = await receiptsModule.register(ctx, { audit, desks: deskRepository });
  const refundDeps = { receipts: receiptCodes, invoices, ledger, wallets, walletCredits, users, reviews, bills: billsRepository };
  const { refunds } = await refundsModule.register(ctx, { ...refundDeps, mail, sms, audit });
  const reviewDeps = { reviews, invoices, settlement, audit, transfers: transferConfirmations };
  const { paymentReviews } = await paymentReviewsModule.register(ctx, reviewDeps);
  const { staffAccounts } = await staffAccountsModule.register(ctx, { users, verification, mail, audit });
  const reserveDeps = { gateway: monnify, users, invoices, wallets, settlement, topUps, paymentsWorker };
  const reservedModule = await reservedAccountsModule.register(ctx, reserveDeps);
  const { reservedAccounts, reservedAccountsRepository } = reservedModule;
  const { settlementWebhooks } = await settlementsModule.register(ctx, { paystack, monnify, ledger, audit });
  await gatewaysModule.register(ctx, { gateways, handlers: [settlementWebhooks, reservedModule.webhooks, webhooks] });
  const reserved = { accounts: reservedAccountsRepository, reservedAccounts };
  const holdDeps = { ...reserved, kycHolds, tiers, wallets, ledger, settlement, walletCredits, invoices, users, mail, audit };
  const { holds } = await kycTiersModule.register(ctx, { ...holdDeps, paymentsWorker });
  const { kyc } = await kycModule.register(ctx, { audit, users, mail, ...kycConsequences(reservedAccounts, holds) });
  const { patients, patientsRepository } = await patientsModule.register(ctx, { audit });
  const { hmos, hmosRepository } = await hmosModule.register(ctx, { audit, patients: patientsRepository });
  const billDeps = {
    billsRepository,
    billParts,
    desks: deskRepository,
    ledger,
    catalogue,
    hmos: hmosRepository,
    checkout,
    wallet,
    refunds,
    audit,
    mail,
    sms,
  };
  const { bills, waivers } = await billsModule.register(ctx, { ...billDeps, patients: patientsRepository });
  const { claims: hmoClaims } = await hmoClaimsModule.register(ctx, { hmos: hmosRepository, ledger, audit });
  const admissionDeps = { bills, billsRepository, billParts, ledger, wallets, walletCredits, audit };
  const { admissions } = await admissionsModule.register(ctx, admissionDeps);
  await staffSearchModule.register(ctx);
  const { shifts } = await shiftsModule.register(ctx, { audit, ledger });
  const deskDeps = { invoices, settlement, bills, billsRepository, checkout, ledger, audit };
  const { cashDesk } = await cashDeskModule.register(ctx, deskDeps);
  const { dayBook } = await dayBookModule.register(ctx);
  const { staffDayTotalsWorker } = await staffInvoicesModule.register(ctx);
  const rateCountersPurge = new RateCountersPurge(db, app.log, env.PAYMENT_RECHECK_INTERVAL_MS, jobLeases);
  if (env.SANDBOX) await registerSandbox(app, env, mail);
  await webModule.register(ctx);

  const services = { accounts, profiles, tokens, catalogue, checkout, settlement, wallet, kyc, transfers, refunds };
  const workers = { paymentsWorker, staffDayTotalsWorker, rateCountersPurge, ledgerCheckJob, mailWorker, smsWorker };
  return {
    app,
    db,
    env,
    services: {
      ...services,
      paymentReviews,
      staffAccounts,
      desks,
      bills,
      waivers,
      hmos,
      hmoClaims,
      admissions,
      shifts,
      cashDesk,
      dayBook,
      patients,
      reservedAccounts,
      kycHolds: holds,
      sms,
    },
    repositories: {
      users,
      mail,
      sms: smsRepository,
      verification,
      invoices,
      ledger,
      wallets,
      audit,
      bills: billsRepository,
      hmos: hmosRepository,
    },
    gateways,
    ...workers,
    /** The leases of the housekeeping jobs this process may hold. */
    jobLeases,
    /** Counts the requests being answered; the workers wait for their turn with it. */
    requestsFirst,
    /** The Prometheus metrics, or null when /metrics is served nowhere (production without METRICS_*). */
    metrics,
  };
}
