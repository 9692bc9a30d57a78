import { randomUUID } from "node:crypto";
import path from "node:path";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { sandboxPlugin } from "@hospipay/sandbox";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "./db/database";
import { VacuumAfter } from "./db/vacuum-after";
import { partyUrls, publicUrl, requestLogLevel, selfUrl, uploadDir, widgetScripts, type Env } from "./env";
import { frameworkErrors, registerErrorHandler } from "./lib/error-handler";
import { loggerOptions, RequestLogController } from "./lib/logger";
import { randomToken } from "./lib/crypto";
import { JobLeases } from "./lib/job-leases";
import { refuseUnstorableText } from "./lib/text-input";
import { RequestsFirst } from "./lib/requests-first";
import { accessPlugin } from "./plugins/access";
import { localePlugin } from "./plugins/locale";
import { gatewayBrowserSources } from "./modules/gateways/browser-hosts";
import { securityHeadersPlugin } from "./plugins/security-headers";
import { RateCountersPurge, rateLimitPolicies, rateLimitsPlugin } from "./plugins/rate-limits";
import { accountsRoutes } from "./modules/accounts/accounts.routes";
import { AccountsService } from "./modules/accounts/accounts.service";
import { TokenService } from "./modules/accounts/tokens";
import { UsersRepository } from "./modules/accounts/users.repository";
import { VerificationRepository } from "./modules/accounts/verification.repository";
import { healthRoutes } from "./modules/health/health.routes";
import { MailRepository } from "./modules/mail/mail.repository";
import { qrSvgDataUrl } from "./modules/mail/mail-qr";
import { MailWorker, OUTBOX_VACUUM_AFTER_ROWS } from "./modules/mail/mail.worker";
import { sandboxTransport, smtpTransport } from "./modules/mail/transports";
import { SmsRepository, type SmsRefusal } from "./modules/sms/sms.repository";
import { SmsService } from "./modules/sms/sms.service";
import { SMS_OUTBOX_VACUUM_AFTER_ROWS, SmsWorker } from "./modules/sms/sms.worker";
import { termiiSender } from "./modules/sms/termii.provider";
import { profileRoutes } from "./modules/profile/profile.routes";
import { ProfileService } from "./modules/profile/profile.service";
import { registerWebApp } from "./modules/web/web.routes";
import { CatalogueClient } from "./modules/catalogue/catalogue.client";
import { catalogueRoutes } from "./modules/catalogue/catalogue.routes";
import { CatalogueService } from "./modules/catalogue/catalogue.service";
import type { PaymentGateway } from "./modules/gateways/gateway";
import { GatewayQueries } from "./modules/gateways/gateway-queries";
import { MonnifyGateway } from "./modules/gateways/monnify.gateway";
import { PaystackGateway } from "./modules/gateways/paystack.gateway";
import { RemitaGateway } from "./modules/gateways/remita.gateway";
import { webhookRoutes } from "./modules/gateways/webhooks.routes";
import { LedgerCheckJob } from "./modules/ledger/ledger-check.job";
import { LedgerRepository } from "./modules/ledger/ledger.repository";
import { CheckoutService } from "./modules/payments/checkout.service";
import { InvoicesRepository } from "./modules/payments/invoices.repository";
import { receiptPageUrl } from "./modules/payments/payment-views";
import { paymentsRoutes } from "./modules/payments/payments.routes";
import { PaymentsWorker } from "./modules/payments/payments.worker";
import { StaffDayTotalsWorker } from "./modules/staff-invoices/staff-day-totals.worker";
import { SettlementService } from "./modules/payments/settlement.service";
import { PurposeRegistry } from "./modules/payments/purpose";
import { cartPurpose } from "./modules/payments/cart.purpose";
import { paymentWebhooks } from "./modules/payments/payment-webhooks";
import { billPartPurpose } from "./modules/bills/bill-part.purpose";
import { TopUpPurpose } from "./modules/wallet/top-up.purpose";
import { reservedTransferWebhooks } from "./modules/reserved-accounts/reserved-webhooks";
import type { GatewayKey } from "@hospipay/contract";
import { walletRoutes } from "./modules/wallet/wallet.routes";
import { DocumentStore } from "./modules/kyc/documents";
import { KycRepository } from "./modules/kyc/kyc.repository";
import { kycRoutes, staffKycRoutes } from "./modules/kyc/kyc.routes";
import { KycService } from "./modules/kyc/kyc.service";
import { StaffInvoicesRepository } from "./modules/staff-invoices/staff-invoices.repository";
import { staffExportRoutes } from "./modules/staff-invoices/staff-export.routes";
import { staffInvoicesRoutes } from "./modules/staff-invoices/staff-invoices.routes";
import { AuditRepository } from "./modules/audit/audit.repository";
import { AppMetrics, metricsExposure } from "./modules/metrics/metrics";
import { MetricsRepository } from "./modules/metrics/metrics.repository";
import { internalMetricsServer, metricsRoutes } from "./modules/metrics/metrics.routes";
import { auditRoutes } from "./modules/audit/audit.routes";
import { PaymentReviewsRepository } from "./modules/payment-reviews/payment-reviews.repository";
import { paymentReviewsRoutes } from "./modules/payment-reviews/payment-reviews.routes";
import { PaymentReviewsService } from "./modules/payment-reviews/payment-reviews.service";
import { RefundsRepository } from "./modules/refunds/refunds.repository";
import { refundsRoutes } from "./modules/refunds/refunds.routes";
import { RefundsService } from "./modules/refunds/refunds.service";
import { ReceiptsRepository } from "./modules/receipts/receipts.repository";
import { receiptsRoutes } from "./modules/receipts/receipts.routes";
import { receiptLinkRoutes } from "./modules/receipts/receipt-link.routes";
import { ReceiptsService } from "./modules/receipts/receipts.service";
import { StaffAccountsRepository } from "./modules/staff-accounts/staff-accounts.repository";
import { StaffAccountsService } from "./modules/staff-accounts/staff-accounts.service";
import { staffAccountsRoutes } from "./modules/staff-accounts/staff-accounts.routes";
import { TransferConfirmationService } from "./modules/bank-transfers/transfer-confirmation.service";
import { BankTransfersRepository } from "./modules/bank-transfers/bank-transfers.repository";
import { bankTransfersRoutes } from "./modules/bank-transfers/bank-transfers.routes";
import { WalletService } from "./modules/wallet/wallet.service";
import { KycTiers } from "./modules/kyc-tiers/kyc-tiers";
import { KycHoldsRepository } from "./modules/kyc-tiers/kyc-holds.repository";
import { KycHoldsService } from "./modules/kyc-tiers/kyc-holds.service";
import { kycHoldsRoutes } from "./modules/kyc-tiers/kyc-holds.routes";
import { tierTable } from "./modules/kyc-tiers/tiers";
import { WalletCredits } from "./modules/kyc-tiers/wallet-credits";
import { BillParts } from "./modules/bills/bill-parts";
import { ShiftsRepository } from "./modules/shifts/shifts.repository";
import { shiftsRoutes } from "./modules/shifts/shifts.routes";
import { ShiftsService } from "./modules/shifts/shifts.service";
import { BillsRepository } from "./modules/bills/bills.repository";
import { billsRoutes } from "./modules/bills/bills.routes";
import { BillsService } from "./modules/bills/bills.service";
import { StaffSearchRepository } from "./modules/staff-search/staff-search.repository";
import { staffSearchRoutes } from "./modules/staff-search/staff-search.routes";
import { StaffSearchService } from "./modules/staff-search/staff-search.service";
import { WalletsRepository } from "./modules/wallet/wallets.repository";
import { ReservedAccountsRepository } from "./modules/reserved-accounts/reserved-accounts.repository";
import { reservedAccountsRoutes } from "./modules/reserved-accounts/reserved-accounts.routes";
import { ReservedAccountsService } from "./modules/reserved-accounts/reserved-accounts.service";

/** Everything a running API holds: the HTTP app, its services and its background workers. */
export interface AppContext {
  app: FastifyInstance;
  db: Database;
  env: Env;
  services: {
    accounts: AccountsService;
    profiles: ProfileService;
    tokens: TokenService;
    catalogue: CatalogueService;
    checkout: CheckoutService;
    settlement: SettlementService;
    wallet: WalletService;
    kyc: KycService;
    transfers: TransferConfirmationService;
    refunds: RefundsService;
    paymentReviews: PaymentReviewsService;
    staffAccounts: StaffAccountsService;
    bills: BillsService;
    shifts: ShiftsService;
    reservedAccounts: ReservedAccountsService;
    kycHolds: KycHoldsService;
    sms: SmsService;
  };
  repositories: {
    users: UsersRepository;
    mail: MailRepository;
    sms: SmsRepository;
    verification: VerificationRepository;
    audit: AuditRepository;
    invoices: InvoicesRepository;
    ledger: LedgerRepository;
    wallets: WalletsRepository;
    bills: BillsRepository;
  };
  gateways: Record<GatewayKey, PaymentGateway>;
  paymentsWorker: PaymentsWorker;
  staffDayTotalsWorker: StaffDayTotalsWorker;
  rateCountersPurge: RateCountersPurge;
  ledgerCheckJob: LedgerCheckJob;
  /** The leases of the housekeeping jobs this process may hold. */
  jobLeases: JobLeases;
  mailWorker: MailWorker;
  smsWorker: SmsWorker;
  /** Counts the requests being answered; the workers wait for their turn with it. */
  requestsFirst: RequestsFirst;
  /** The Prometheus metrics, or null when /metrics is served nowhere (production without METRICS_*). */
  metrics: AppMetrics | null;
}

/** The signing secret: JWT_SECRET, or one generated once and kept in the database for every process. */
async function signingSecret(db: Database, env: Env): Promise<string> {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  await db.query(`INSERT INTO app_secrets (name, value) VALUES ('jwt', $1) ON CONFLICT (name) DO NOTHING`, [randomToken(48)]);
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'jwt'`);
  const secret = rows[0]?.value;
  if (!secret) throw new Error("could not load the signing secret");
  return secret;
}

/** Trusts the nearest `hops` proxies (Fastify's numeric trustProxy, in the form its types accept). */
const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

/** Builds the API on a migrated database. The caller starts the worker and listens. */
export async function buildApp(env: Env, db: Database, options: { logStream?: NodeJS.WritableStream } = {}): Promise<AppContext> {
  const app = Fastify({
    logger: loggerOptions(env.LOG_LEVEL, options.logStream),
    logController: new RequestLogController(requestLogLevel(env)),
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 256 * 1024,
    // The client address the rate limits count: the socket's, unless a trusted proxy forwards it.
    trustProxy: typeof env.TRUST_PROXY === "number" ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  // The API reads JSON only; Fastify's default text/plain parser would hand a string to the body schema.
  app.removeContentTypeParser("text/plain");
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Hooks on every request take callbacks, not promises: nothing in them waits.
  app.addHook("onSend", (request, reply, payload, done) => {
    reply.header("x-request-id", request.id);
    done(null, payload);
  });
  registerErrorHandler(app);
  // Served nowhere, nothing is counted: the request path then pays nothing for metrics.
  const exposure = metricsExposure(env);
  const metrics = exposure === "none" ? null : new AppMetrics(new MetricsRepository(db), app.log);
  if (metrics) {
    app.addHook("onResponse", (request, reply, done) => {
      metrics.observe(request, reply);
      done();
    });
  }
  // Before any schema or handler: text with U+0000 or a lone surrogate would fail in PostgreSQL as a 500.
  app.addHook("preValidation", (request, _reply, done) => {
    try {
      refuseUnstorableText(request.params, "Invalid params parameters.");
      refuseUnstorableText(request.query, "Invalid query parameters.");
      refuseUnstorableText(request.body);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });

  const secret = await signingSecret(db, env);
  const users = new UsersRepository(db, { signedInCacheMs: env.AUTH_USER_CACHE_MS });
  const verification = new VerificationRepository(db);
  const mail = new MailRepository(db);
  const tokens = new TokenService(secret, env.ACCESS_TOKEN_TTL_SECONDS);
  const transport = env.SMTP_URL ? smtpTransport(env.SMTP_URL, env.MAIL_FROM) : sandboxTransport();
  // Background work (mail, payment re-queries) goes between requests, and at least every 100 ms under load.
  const requestsFirst = new RequestsFirst(100);
  requestsFirst.watch(app.server);
  const backgroundTurn = () => requestsFirst.turn();
  const mailWorker = new MailWorker(
    mail,
    transport,
    app.log,
    env.MAIL_POLL_INTERVAL_MS,
    backgroundTurn,
    new VacuumAfter(db, "mail_outbox", OUTBOX_VACUUM_AFTER_ROWS, backgroundTurn),
  );
  const smsRepository = new SmsRepository(db);
  const smsRefused = metrics ? (reason: SmsRefusal) => metrics.smsRefused(reason) : undefined;
  const sms = new SmsService({
    sms: smsRepository,
    publicUrl: publicUrl(env),
    codeBudget: { perNumberPerHour: env.SMS_CODES_PER_NUMBER_PER_HOUR, perHour: env.SMS_CODES_PER_HOUR },
    refused: smsRefused,
  });
  const smsWorker = new SmsWorker({
    repo: smsRepository,
    sender: termiiSender({
      baseUrl: partyUrls(env).sms,
      apiKey: env.SMS_API_KEY,
      senderId: env.SMS_SENDER_ID,
      channel: env.SMS_CHANNEL,
      timeoutMs: env.GATEWAY_TIMEOUT_MS,
    }),
    log: app.log,
    intervalMs: env.MAIL_POLL_INTERVAL_MS,
    perNumberPerHour: env.SMS_PER_NUMBER_PER_HOUR,
    refused: smsRefused,
    pace: backgroundTurn,
    vacuum: new VacuumAfter(db, "sms_outbox", SMS_OUTBOX_VACUUM_AFTER_ROWS, backgroundTurn),
  });
  // Called after each commit that queued a message: mail, SMS or both leave at once. A process that runs no
  // background work (WORKERS=off) leaves them to the worker role, which finds them at its next poll.
  const mailQueued =
    env.WORKERS === "on"
      ? () => {
          mailWorker.kick();
          smsWorker.kick();
        }
      : () => undefined;
  const accounts = new AccountsService({
    db,
    users,
    verification,
    mail,
    sms,
    tokens,
    secret,
    publicUrl: publicUrl(env),
    mailQueued,
  });
  const wallets = new WalletsRepository(db);
  const remitaWidget = { scriptUrl: widgetScripts(env).remita, publicKey: env.REMITA_PUBLIC_KEY };
  const profiles = new ProfileService({ db, users, mail, tokens, wallets, remitaWidget, mailQueued });

  const urls = partyUrls(env);
  const scripts = widgetScripts(env);
  const timeoutMs = env.GATEWAY_TIMEOUT_MS;
  const web = publicUrl(env);
  const catalogue = new CatalogueService(new CatalogueClient(urls.catalogue, env.CATALOGUE_TOKEN, timeoutMs), app.log);
  const monnify = new MonnifyGateway({
    baseUrl: urls.monnify,
    apiKey: env.MONNIFY_API_KEY,
    secretKey: env.MONNIFY_SECRET_KEY,
    contractCode: env.MONNIFY_CONTRACT_CODE,
    redirectUrl: (reference) => `${web}/bank-details/monnify/${encodeURIComponent(reference)}`,
    timeoutMs,
  });
  const gateways: Record<GatewayKey, PaymentGateway> = {
    remita: new RemitaGateway({
      baseUrl: urls.remita,
      merchantId: env.REMITA_MERCHANT_ID,
      serviceTypeId: env.REMITA_SERVICE_TYPE_ID,
      apiKey: env.REMITA_API_KEY,
      timeoutMs,
    }),
    monnify,
    paystack: new PaystackGateway({
      baseUrl: urls.paystack,
      secretKey: env.PAYSTACK_SECRET_KEY,
      callbackUrl: (reference) => receiptPageUrl(web, reference),
      timeoutMs,
    }),
  };
  const invoices = new InvoicesRepository(db);
  const ledger = new LedgerRepository();
  const reviews = new PaymentReviewsRepository(db);
  const billsRepository = new BillsRepository(db);
  const billParts = new BillParts(billsRepository, ledger, mail, web, sms);
  const tiers = new KycTiers(db, tierTable(env));
  const kycHolds = new KycHoldsRepository(db);
  const walletCredits = new WalletCredits({ tiers, holds: kycHolds, wallets, users, mail, sms });
  // What each payment pays for, registered by the module that owns it.
  const paymentReceipts = { invoices, mail, sms, publicUrl: web };
  const topUps = new TopUpPurpose({ walletCredits, wallets, mail });
  const purposes = new PurposeRegistry()
    .register(cartPurpose(paymentReceipts))
    .register(billPartPurpose(billParts, paymentReceipts))
    .register(topUps);
  const settlement = new SettlementService({
    db,
    invoices,
    ledger,
    queries: new GatewayQueries(gateways, env.GATEWAY_QUERY_COOLDOWN_MS),
    reviews,
    purposes,
    mailQueued,
    log: app.log,
  });
  const checkout = new CheckoutService({
    db,
    invoices,
    catalogue,
    gateways,
    scripts,
    publicKeys: { remita: env.REMITA_PUBLIC_KEY, paystack: env.PAYSTACK_PUBLIC_KEY },
    hospitalAccount: {
      account_number: env.HOSPITAL_ACCOUNT_NUMBER,
      account_name: env.HOSPITAL_ACCOUNT_NAME,
      bank_name: env.HOSPITAL_BANK_NAME,
    },
    paymentTtlMinutes: env.PAYMENT_TTL_MINUTES,
    log: app.log,
  });
  const wallet = new WalletService({
    db,
    wallets,
    invoices,
    ledger,
    users,
    checkout,
    billParts,
    remita: gateways.remita,
    remitaWidget,
    mail,
    sms,
    tiers,
    publicUrl: web,
    paymentTtlMinutes: env.PAYMENT_TTL_MINUTES,
    mailQueued,
    log: app.log,
  });
  const audit = new AuditRepository(db);
  const transferConfirmations = new BankTransfersRepository(db);
  const transfers = new TransferConfirmationService({
    db,
    invoices,
    transfers: transferConfirmations,
    settlement,
    audit,
    excessToleranceKobo: env.TRANSFER_EXCESS_TOLERANCE_NAIRA * 100,
  });
  const receiptCodes = new ReceiptsRepository(db);
  const receipts = new ReceiptsService({ db, receipts: receiptCodes, audit });
  const refunds = new RefundsService({
    db,
    refunds: new RefundsRepository(db),
    receipts: receiptCodes,
    invoices,
    ledger,
    wallets,
    walletCredits,
    users,
    reviews,
    bills: billsRepository,
    mail,
    sms,
    audit,
    approvalThresholdKobo: env.REFUND_APPROVAL_THRESHOLD_NAIRA * 100,
    mailQueued,
  });
  const paymentReviews = new PaymentReviewsService({
    db,
    reviews,
    invoices,
    settlement,
    audit,
    transfers: transferConfirmations,
  });
  const staffAccounts = new StaffAccountsService({
    db,
    accounts: new StaffAccountsRepository(db),
    users,
    verification,
    mail,
    audit,
    secret,
    publicUrl: web,
    mailQueued,
  });
  const reservedAccountsRepository = new ReservedAccountsRepository(db);
  const reservedAccounts = new ReservedAccountsService({
    db,
    accounts: reservedAccountsRepository,
    gateway: monnify,
    users,
    invoices,
    wallets,
    settlement,
    topUps,
    log: app.log,
    retryBaseSeconds: env.RESERVED_ACCOUNT_RETRY_SECONDS,
  });
  const holds = new KycHoldsService({
    db,
    holds: kycHolds,
    tiers,
    wallets,
    accounts: reservedAccountsRepository,
    reservedAccounts,
    ledger,
    settlement,
    walletCredits,
    invoices,
    users,
    mail,
    audit,
    log: app.log,
  });
  const kyc = new KycService({
    db,
    kyc: new KycRepository(db),
    audit,
    users,
    documents: new DocumentStore(path.join(uploadDir(env), "kyc")),
    mail,
    mailQueued,
    identityChanged: (userId) => reservedAccounts.reserveSoon(userId),
    accountStandings: (userIds) => reservedAccounts.standingsOf(userIds),
    tierChanged: async (tx, userId) => {
      const released = await holds.releaseFittingLocked(tx, userId);
      return () => holds.announce(released);
    },
  });
  const bills = new BillsService({
    db,
    bills: billsRepository,
    catalogue,
    checkout,
    wallet,
    refunds,
    audit,
    mail,
    sms,
    publicUrl: web,
    minPartKobo: env.BILL_MIN_PART_NAIRA * 100,
    mailQueued,
    log: app.log,
  });
  const shifts = new ShiftsService({ db, shifts: new ShiftsRepository(db), audit });
  // Pages are mostly ASCII, kept by V8 at one byte a character.
  const staffInvoices = new StaffInvoicesRepository(db, { pageCacheSize: env.STAFF_PAGE_CACHE_MB * 1024 * 1024 });
  const paymentsWorker = new PaymentsWorker(db, invoices, settlement, app.log, env.PAYMENT_RECHECK_INTERVAL_MS, backgroundTurn);
  // Housekeeping runs on one worker process at a time: the holder of each job's lease.
  const jobLeases = new JobLeases(db, app.log);
  paymentsWorker.alsoSweep(
    "reserved accounts",
    jobLeases.guard("reserved-accounts-sweep", () => reservedAccounts.sweep(), 0),
  );
  paymentsWorker.alsoSweep(
    "KYC holds",
    jobLeases.guard("kyc-holds-sweep", () => holds.sweep(), 0),
  );
  const staffDayTotalsWorker = new StaffDayTotalsWorker(db, staffInvoices, app.log, backgroundTurn, jobLeases);
  const rateCountersPurge = new RateCountersPurge(db, app.log, env.PAYMENT_RECHECK_INTERVAL_MS, jobLeases);
  const ledgerCheckJob = new LedgerCheckJob(db, app.log, env.LEDGER_CHECK_INTERVAL_MS, jobLeases);

  // The gateways' inline scripts, the frames they open and the hosts they call.
  const gatewaySources = gatewayBrowserSources(Object.values(scripts));
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...gatewaySources.scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...gatewaySources.connectSrc],
        frameSrc: ["'self'", ...gatewaySources.frameSrc],
        // The web app's service worker (/sw.js) and install manifest (/manifest.webmanifest), both same-origin.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only means something over HTTPS; on a plain-HTTP address it would only confuse browsers.
    hsts: publicUrl(env).startsWith("https:") ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // The document maps every route and its inputs: for developers, not for whoever asks a production server.
  if (env.API_DOCS) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: "Hospipay API",
          version: "0.1.0",
          description: "Hospital payment wallet API (amounts are NGN decimal strings).",
        },
        components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: "/docs", staticCSP: true });
  }
  await app.register(localePlugin);
  await app.register(accessPlugin, { tokens, users });
  await app.register(rateLimitsPlugin, {
    db,
    secret,
    redisUrl: env.REDIS_URL,
    redisTimeoutMs: env.REDIS_TIMEOUT_MS,
    keyPrefix: env.RATE_LIMIT_KEY_PREFIX,
    policies: rateLimitPolicies(env),
  });

  await app.register(healthRoutes, { db });
  if (metrics && exposure === "main") await app.register(metricsRoutes, { metrics, token: env.METRICS_TOKEN });
  if (metrics && exposure === "internal") {
    const internal = await internalMetricsServer(metrics, env.METRICS_TOKEN, app.log);
    // Listening with the app (a busy port fails its start) and closed with it.
    app.addHook("onReady", async () => {
      await internal.listen({ port: env.METRICS_PORT, host: env.HOST });
    });
    app.addHook("onClose", async () => {
      await internal.close();
    });
  }
  await app.register(accountsRoutes, { accounts, profiles });
  await app.register(profileRoutes, { profiles });
  await app.register(catalogueRoutes, { catalogue });
  await app.register(walletRoutes, { wallet, wallets, remitaWidget });
  await app.register(kycRoutes, { kyc });
  await app.register(staffKycRoutes, { kyc });
  await app.register(staffInvoicesRoutes, { invoices: staffInvoices });
  await app.register(staffExportRoutes, { invoices: staffInvoices });
  await app.register(bankTransfersRoutes, { transfers });
  await app.register(refundsRoutes, { refunds });
  await app.register(paymentReviewsRoutes, { reviews: paymentReviews });
  await app.register(staffAccountsRoutes, { staffAccounts });
  await app.register(auditRoutes, { audit });
  await app.register(receiptsRoutes, { receipts });
  await app.register(receiptLinkRoutes);
  await app.register(paymentsRoutes, {
    checkout,
    wallet,
    settlement,
    invoices,
    sandbox: env.SANDBOX,
  });
  await app.register(webhookRoutes, {
    gateways,
    handlers: [reservedTransferWebhooks(monnify, reservedAccounts), paymentWebhooks(invoices, settlement)],
  });
  await app.register(reservedAccountsRoutes, { reservedAccounts });
  await app.register(kycHoldsRoutes, { holds });
  await app.register(billsRoutes, { bills });
  await app.register(staffSearchRoutes, { search: new StaffSearchService({ search: new StaffSearchRepository(db) }) });
  await app.register(shiftsRoutes, { shifts });
  if (env.SANDBOX) {
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
  await registerWebApp(app, env.WEB_DIST_DIR);

  return {
    app,
    db,
    env,
    services: {
      accounts,
      profiles,
      tokens,
      catalogue,
      checkout,
      settlement,
      wallet,
      kyc,
      transfers,
      refunds,
      paymentReviews,
      staffAccounts,
      bills,
      shifts,
      reservedAccounts,
      kycHolds: holds,
      sms,
    },
    repositories: { users, mail, sms: smsRepository, verification, invoices, ledger, wallets, audit, bills: billsRepository },
    gateways,
    paymentsWorker,
    staffDayTotalsWorker,
    rateCountersPurge,
    ledgerCheckJob,
    jobLeases,
    mailWorker,
    smsWorker,
    requestsFirst,
    metrics,
  };
}
