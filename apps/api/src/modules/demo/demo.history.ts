import { BillParts, BillsRepository, billPartPurpose } from "../bills";
import {
  CHARGE_FEE_KOBO,
  MAX_TOTAL_KOBO,
  koboToDecimal,
  nairaToKobo,
  type GatewayKey,
  type GuestCheckoutInput,
} from "@hospipay/contract";
import type { AppContext } from "../../app";
import { publicUrl, widgetScripts } from "../../env";
import type { AuthUser } from "../../lib/auth-user";
import { CatalogueService } from "../catalogue";
import { GatewayQueries } from "../gateways";
import { PaymentReviewsRepository } from "../payment-reviews";
import { CheckoutService, PurposeRegistry, SettlementService, cartPurpose } from "../payments";
import { TopUpPurpose, WalletService } from "../wallet";
import { KycHoldsRepository, WalletCredits, KycTiers, tierTable } from "../kyc-tiers";
import { DemoHistoryRepository } from "./demo-history.repository";
import { InProcessCatalogueClient, RecordedGateway } from "./demo.parties";

export type DemoHistoryContext = Pick<AppContext, "app" | "db" | "env" | "repositories" | "services">;

/** A patient of the demo history: an account of their own (never the printed demo customer's). */
export interface DemoPatient {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  hospitalNumber: string;
}

/** Walk-in payers without an account (guest checkout). */
const GUESTS = [
  { name: "Aisha Bello", email: "aisha.bello@demo.hospipay.ng", phone: "08061230001", hospital_number: "FTH/2025/10231" },
  { name: "Kemi Balogun", email: "kemi.balogun@demo.hospipay.ng", phone: "08061230002", hospital_number: "FTH/2025/10877" },
  { name: "Yusuf Abubakar", email: "yusuf.abubakar@demo.hospipay.ng", phone: "08061230003", hospital_number: "FTH/2026/00412" },
] as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** West Africa Time: UTC+1 all year. */
const WAT_OFFSET = HOUR;

/**
 * `hour` o'clock in West Africa Time, `daysAgo` hospital days before `now`; never later than half an
 * hour ago, so today's entries are in the past whatever the time.
 */
export function watMoment(now: Date, daysAgo: number, hour: number): Date {
  const todayStart = Math.floor((now.getTime() + WAT_OFFSET) / DAY) * DAY - WAT_OFFSET;
  return new Date(Math.min(todayStart - daysAgo * DAY + hour * HOUR, now.getTime() - 30 * MINUTE));
}

/**
 * Writes a month of realistic history on a fresh demo database, so every staff screen has something to
 * show: payments in every status and method (pending, completed, failed, refunded; Remita, Monnify,
 * Paystack, bank transfer, wallet), a patient's wallet with top-ups and payments, a pending KYC
 * submission and a refund waiting for a super admin.
 *
 * Every payment goes through the real services (checkout, wallet, settlement, transfers, refunds, KYC),
 * so the money is booked as any payment's is and `npm run ledger:check` holds. Only the outside parties
 * are stand-ins in this process (the sandbox catalogue, gateways whose answer the history decides),
 * as the server does not listen yet; afterwards the rows are moved to the days they tell of.
 */
export async function seedDemoHistory(
  ctx: DemoHistoryContext,
  people: { admin: AuthUser; superadmin: AuthUser; patients: DemoPatient[] },
  now = new Date(),
): Promise<void> {
  const { env, db, app } = ctx;
  const { invoices, ledger, mail, wallets, users } = ctx.repositories;
  const noMailKick = () => undefined;
  const gateways: Record<GatewayKey, RecordedGateway> = {
    remita: new RecordedGateway("remita"),
    monnify: new RecordedGateway("monnify"),
    paystack: new RecordedGateway("paystack"),
  };
  const catalogueService = new CatalogueService(new InProcessCatalogueClient(env.REMITA_SERVICE_TYPE_ID), app.log);
  const checkout = new CheckoutService({
    db,
    invoices,
    catalogue: catalogueService,
    gateways,
    scripts: widgetScripts(env),
    publicKeys: { remita: env.REMITA_PUBLIC_KEY, paystack: env.PAYSTACK_PUBLIC_KEY },
    hospitalAccount: {
      account_number: env.HOSPITAL_ACCOUNT_NUMBER,
      account_name: env.HOSPITAL_ACCOUNT_NAME,
      bank_name: env.HOSPITAL_BANK_NAME,
    },
    paymentTtlMinutes: env.PAYMENT_TTL_MINUTES,
    log: app.log,
  });
  const tiers = new KycTiers(db, tierTable(env));
  const receipts = { invoices, mail, sms: ctx.services.sms, publicUrl: publicUrl(env) };
  const walletCredits = new WalletCredits({
    tiers,
    holds: new KycHoldsRepository(db),
    wallets,
    users,
    mail,
    sms: ctx.services.sms,
  });
  const purposes = new PurposeRegistry()
    .register(cartPurpose(receipts))
    .register(billPartPurpose(new BillParts(new BillsRepository(db), ledger, mail, publicUrl(env), ctx.services.sms), receipts))
    .register(new TopUpPurpose({ walletCredits, wallets, mail }));
  const settlement = new SettlementService({
    db,
    invoices,
    ledger,
    queries: new GatewayQueries(gateways, 0),
    reviews: new PaymentReviewsRepository(db),
    purposes,
    mailQueued: noMailKick,
    log: app.log,
  });
  const wallet = new WalletService({
    db,
    wallets,
    invoices,
    ledger,
    users,
    checkout,
    billParts: new BillParts(new BillsRepository(db), ledger, mail, publicUrl(env), ctx.services.sms),
    remita: gateways.remita,
    remitaWidget: { scriptUrl: widgetScripts(env).remita, publicKey: env.REMITA_PUBLIC_KEY },
    mail,
    sms: ctx.services.sms,
    tiers,
    publicUrl: publicUrl(env),
    paymentTtlMinutes: env.PAYMENT_TTL_MINUTES,
    mailQueued: noMailKick,
    log: app.log,
  });
  const { transfers, refunds, kyc } = ctx.services;

  const services = (await catalogueService.allRevenueHeads()).filter(
    (s) => String(s.fixed_price).toLowerCase() === "yes" && (nairaToKobo(String(s.price)) ?? 0) > 0,
  );
  if (services.length === 0) return;
  /** Cart lines: the services at these positions of the catalogue, `qty` of each. */
  const cart = (picks: Array<[position: number, qty: number]>): GuestCheckoutInput["items"] =>
    picks.map(([position, qty]) => {
      const s = services[position % services.length]!;
      return { service: { id: s.id, name: s.name, price: String(s.price) }, amount: String(s.price), qty };
    });
  const chargeFee = koboToDecimal(CHARGE_FEE_KOBO);

  /** When each payment happened (and was paid or confirmed), and refunds' times, by invoice reference. */
  const times: Array<{ reference: string; at: Date; paidAt: Date; refundAt?: Date }> = [];
  const at = (daysAgo: number, hour: number) => watMoment(now, daysAgo, hour);

  const asUser = async (id: number): Promise<AuthUser> => {
    const user = await users.findAuthById(id);
    if (!user) throw new Error(`demo user ${id} is missing`);
    return user;
  };
  const patientMeta = (p: DemoPatient, description: string) => ({
    name: `${p.firstName} ${p.lastName}`,
    email: p.email,
    phone: p.phone,
    hospital_number: p.hospitalNumber,
    transaction_description: description,
  });

  /** A checkout through a gateway that the payer then pays or their bank declines; settled or closed as the server would. */
  const gatewayPayment = async (
    payer: { user: AuthUser | null; meta: GuestCheckoutInput["customer_meta"] },
    method: GatewayKey,
    items: GuestCheckoutInput["items"],
    outcome: "paid" | "declined",
  ): Promise<string> => {
    const started = await checkout.checkout(
      { items, customer_meta: payer.meta, payment_method: method, charge_fee: chargeFee },
      payer.user,
    );
    if (outcome === "paid") gateways[method].paid(started.reference);
    else gateways[method].declined(started.reference);
    const invoice = await invoices.findByReference(started.reference);
    await settlement.reconcile(invoice!.id);
    return started.reference;
  };

  const [chinedu, funke, emeka] = people.patients;
  if (!chinedu || !funke || !emeka) throw new Error("the demo history needs three patients");
  const chineduUser = await asUser(chinedu.id);
  const funkeUser = await asUser(funke.id);
  const emekaUser = await asUser(emeka.id);
  const guest = (index: number) => ({ user: null, meta: { ...GUESTS[index]!, transaction_description: "Outpatient bill" } });

  // Chinedu's wallet: two top-ups (one declined), payments from it, one of them refunded into it.
  const topUp = async (naira: string, outcome: "paid" | "declined") => {
    const started = await wallet.topUp(chineduUser, { amount: naira, payment_method: "remita" });
    if (outcome === "paid") gateways.remita.paid(started.reference);
    else gateways.remita.declined(started.reference);
    await settlement.reconcile((await invoices.findByReference(started.reference))!.id);
    return started.reference;
  };
  const walletPay = async (items: GuestCheckoutInput["items"], description: string) => {
    const own = await wallets.ensure(chinedu.id);
    const answer = await wallet.pay(
      chineduUser,
      {
        items,
        customer_meta: {
          first_name: chinedu.firstName,
          last_name: chinedu.lastName,
          email: chinedu.email,
          phone_number: chinedu.phone,
          hospital_number: chinedu.hospitalNumber,
          transaction_description: description,
        },
        payment_method: "wallet",
        wallet_id: own.id,
        charge_fee: chargeFee,
      },
      undefined,
    );
    return String(answer.body.reference);
  };
  const firstTopUp = await topUp("50000.00", "paid");
  times.push({ reference: firstTopUp, at: at(26, 9), paidAt: at(26, 9.1) });
  const firstWalletPayment = await walletPay(
    cart([
      [0, 1],
      [7, 1],
    ]),
    "Consultation and tests",
  );
  times.push({ reference: firstWalletPayment, at: at(25, 11), paidAt: at(25, 11) });
  const declinedTopUp = await topUp("15000.00", "declined");
  times.push({ reference: declinedTopUp, at: at(14, 18), paidAt: at(14, 18) });
  const secondWalletPayment = await walletPay(cart([[3, 2]]), "Follow-up visit");
  times.push({ reference: secondWalletPayment, at: at(8, 10), paidAt: at(8, 10) });
  const refundedWalletPayment = await walletPay(cart([[12, 1]]), "Scan, booked twice");
  times.push({ reference: refundedWalletPayment, at: at(3, 13), paidAt: at(3, 13), refundAt: at(2, 10) });
  const secondTopUp = await topUp("25000.00", "paid");
  times.push({ reference: secondTopUp, at: at(1, 16), paidAt: at(1, 16.1) });

  // Gateway payments: guests through Remita and Monnify, patients through Paystack too.
  const record = (reference: string, daysAgo: number, hour: number, refundDaysAgo?: number) =>
    times.push({
      reference,
      at: at(daysAgo, hour),
      paidAt: at(daysAgo, hour + 0.1),
      ...(refundDaysAgo === undefined ? {} : { refundAt: at(refundDaysAgo, 12) }),
    });
  record(await gatewayPayment(guest(0), "remita", cart([[1, 1]]), "paid"), 24, 10);
  record(
    await gatewayPayment(
      guest(1),
      "monnify",
      cart([
        [5, 1],
        [9, 1],
      ]),
      "paid",
    ),
    22,
    14,
  );
  const refundedPaystack = await gatewayPayment(
    { user: funkeUser, meta: patientMeta(funke, "Laboratory tests") },
    "paystack",
    cart([[20, 1]]),
    "paid",
  );
  record(refundedPaystack, 20, 9, 19);
  record(await gatewayPayment(guest(2), "remita", cart([[30, 1]]), "declined"), 18, 15);
  record(
    await gatewayPayment({ user: funkeUser, meta: patientMeta(funke, "Pharmacy") }, "monnify", cart([[44, 2]]), "declined"),
    12,
    11,
  );
  record(
    await gatewayPayment({ user: emekaUser, meta: patientMeta(emeka, "Physiotherapy") }, "paystack", cart([[51, 1]]), "paid"),
    6,
    12,
  );
  record(await gatewayPayment(guest(0), "monnify", cart([[2, 1]]), "paid"), 4, 9);
  record(
    await gatewayPayment(
      guest(1),
      "remita",
      cart([
        [15, 1],
        [16, 1],
      ]),
      "paid",
    ),
    0,
    8,
  );

  // A large payment an admin asked to refund: above the approval threshold, it waits for a super admin.
  const thresholdKobo = env.REFUND_APPROVAL_THRESHOLD_NAIRA * 100;
  const dearest = services.reduce((best, s) => (nairaToKobo(String(s.price))! > nairaToKobo(String(best.price))! ? s : best));
  const dearestKobo = nairaToKobo(String(dearest.price))!;
  const qty = Math.floor(thresholdKobo / dearestKobo) + 1;
  let awaiting: string | null = null;
  if (qty <= 1000 && qty * dearestKobo + CHARGE_FEE_KOBO <= MAX_TOTAL_KOBO) {
    awaiting = await gatewayPayment(
      { user: emekaUser, meta: patientMeta(emeka, "Surgery deposit") },
      "remita",
      [{ service: { id: dearest.id, name: dearest.name, price: String(dearest.price) }, amount: String(dearest.price), qty }],
      "paid",
    );
    record(awaiting, 10, 10);
  }

  // Bank transfers: one confirmed by staff against the bank statement, two still awaiting it.
  const transfer = async (p: DemoPatient, user: AuthUser, items: GuestCheckoutInput["items"], description: string) =>
    (
      await checkout.checkout(
        { items, customer_meta: patientMeta(p, description), payment_method: "bank_transfer", charge_fee: chargeFee },
        user,
      )
    ).reference;
  const confirmed = await transfer(emeka, emekaUser, cart([[8, 1]]), "Admission deposit");
  const confirmedInvoice = await invoices.findByReference(confirmed);
  await transfers.confirm(people.admin, confirmed, {
    amount_received: koboToDecimal(confirmedInvoice!.totalKobo),
    transfer_reference: `NIP/DEMO/${confirmed.slice(-8)}`,
  });
  times.push({ reference: confirmed, at: at(16, 10), paidAt: at(16, 15) });
  const waitingTransfer = await transfer(emeka, emekaUser, cart([[25, 1]]), "Dental care");
  times.push({ reference: waitingTransfer, at: at(2, 15), paidAt: at(2, 15) });
  const todaysTransfer = await transfer(funke, funkeUser, cart([[33, 1]]), "Antenatal clinic");
  times.push({ reference: todaysTransfer, at: at(0, 9), paidAt: at(0, 9) });

  // Refunds: a super admin's (done at once, back through Paystack), a wallet payment's (back into the
  // wallet), and an admin's large one waiting for approval.
  await refunds.request(people.superadmin, refundedPaystack, "Tests cancelled by the laboratory.");
  await refunds.request(people.superadmin, refundedWalletPayment, "The scan was booked and paid twice.");
  if (awaiting) {
    await refunds.request(people.admin, awaiting, "Surgery postponed; the patient asked for the deposit back.");
    const entry = times.find((t) => t.reference === awaiting)!;
    entry.refundAt = at(1, 11);
  }

  // A KYC submission waiting for review.
  await kyc.submit(funke.id, {
    account_type: "INDIVIDUAL",
    dob: "1988-04-17",
    address: "14 Adeola Odeku Street, Victoria Island, Lagos",
    next_of_kin_name: "Bayo Adebayo",
    next_of_kin_phone: "08029876543",
    next_of_kin_address: "14 Adeola Odeku Street, Victoria Island, Lagos",
    id_number: "12345678901",
    id_type: "NIN",
  });

  const history = new DemoHistoryRepository();
  await db.transaction(async (tx) => {
    for (const entry of times) {
      const id = await history.backdatePayment(tx, entry.reference, entry.at, entry.paidAt);
      if (entry.refundAt) await history.backdateRefund(tx, id, entry.refundAt);
    }
    await history.backdateKyc(tx, funke.id, at(1, 17));
  });
}
