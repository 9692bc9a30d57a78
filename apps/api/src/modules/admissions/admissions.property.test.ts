import {
  admissionLinesInputSchema,
  admitInputSchema,
  dischargeInputSchema,
  koboToDecimal,
  type ServiceRecord,
} from "@hospipay/contract";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthUser } from "../../lib/auth-user";
import { createPaymentsHarness, fundWallet, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser } from "../../test/test-app";
import { checkLedger, ledgerIsSound } from "../ledger";

let h: PaymentsHarness;
let services: ServiceRecord[];
let ward: AuthUser;
let officer: AuthUser;
let payer: AuthUser;

const asUser = (user: Awaited<ReturnType<typeof buildUser>>): AuthUser => ({
  id: user.id,
  role: user.role as AuthUser["role"],
  email: user.email,
  tokenVersion: 0,
});

beforeAll(async () => {
  h = await createPaymentsHarness({ BILL_MIN_PART_NAIRA: "1" });
  services = (await h.catalogue())
    .filter((s) => s.fixed_price !== "no" && Number(s.price) > 0 && Number(s.price) <= 50_000)
    .slice(0, 6);
  ward = asUser(await buildUser(h.t, { role: "AGENT" }));
  officer = asUser(await buildUser(h.t, { role: "ADMIN" }));
  payer = asUser(await buildUser(h.t, { firstName: "Prop", lastName: "Family" }));
  // A wallet deep enough for every deposit of every run, funded through the ledger (clearing → wallet).
  await fundWallet(h.t, payer.id, 1e13);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const runArb = fc.record({
  /** Deposits in naira, paid from the wallet before the lines, between them, or at the end. */
  deposits: fc.array(fc.record({ naira: fc.integer({ min: 1, max: 200_000 }), afterDay: fc.nat({ max: 3 }) }), {
    maxLength: 3,
  }),
  /** The stay's days, each with the lines added that day. */
  days: fc.array(
    fc.array(fc.record({ at: fc.nat({ max: 5 }), quantity: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 3 }),
    {
      minLength: 1,
      maxLength: 4,
    },
  ),
  excessTo: fc.constantFrom("wallet" as const, "refund" as const),
});

let serial = 0;
const kobo = (naira: string | number) => Math.round(Number(naira) * 100);
const balance = (code: string) => h.t.db.transaction((tx) => h.t.repositories.ledger.balance(tx, code));
const walletOf = async (userId: number) =>
  Number((await h.t.db.query<{ b: number }>(`SELECT balance_kobo AS b FROM wallets WHERE user_id = $1`, [userId])).rows[0]!.b);

describe("admissions (fast-check)", () => {
  it("deposits, lines over the days and discharge: the deposits cover the charges or the rest stays owed, the excess goes back whole, nothing is counted twice, the ledger sound", async () => {
    const { admissions, bills } = h.t.services;
    await fc.assert(
      fc.asyncProperty(runArb, async (run) => {
        serial += 1;
        const { rows } = await h.t.db.query<{ id: number }>(
          `INSERT INTO patients (hospital_number, first_name, last_name, phone, language, date_of_birth, created_by, updated_by)
           VALUES ($1, 'Prop', 'Stay', '08035550000', 'en', '1980-01-01', $2, $2) RETURNING id::int AS id`,
          [`STAY/${serial}`, ward.id],
        );
        const [revenue, held, refunds, walletBefore, holdsBefore] = [
          await balance("revenue:hospital"),
          await balance("liability:bill_deposits"),
          await balance("liability:deposit_refunds"),
          await walletOf(payer.id),
          await balance("suspense:kyc_holds"),
        ];
        const admitted = await admissions.admit(ward, admitInputSchema.parse({ patient_id: rows[0]!.id, ward: "Prop Ward" }));
        const id = admitted.admission.id;
        const token = admitted.bill.token;
        let deposited = 0;
        const payDeposits = async (day: number) => {
          for (const deposit of run.deposits.filter((d) => d.afterDay === day)) {
            await bills.pay(
              token,
              {
                amount: koboToDecimal(deposit.naira * 100),
                payer_name: "Prop Family",
                payer_email: payer.email,
                payer_phone: "08035550000",
                payment_method: "wallet",
              },
              payer,
            );
            deposited += deposit.naira * 100;
          }
        };
        await payDeposits(0);
        let charges = 0;
        for (const [index, lines] of run.days.entries()) {
          const items = lines.map((line) => ({ service_id: services[line.at % services.length]!.id, quantity: line.quantity }));
          await admissions.addLines(ward, id, admissionLinesInputSchema.parse({ items }));
          charges += lines.reduce((sum, line) => sum + kobo(services[line.at % services.length]!.price) * line.quantity, 0);
          await payDeposits(index + 1);
        }
        const during = await admissions.detail(id);
        expect(kobo(during.admission.charges)).toBe(charges);
        expect(kobo(during.admission.deposits)).toBe(deposited);
        expect(kobo(during.admission.balance)).toBe(deposited - charges);

        const done = await admissions.discharge(officer, id, dischargeInputSchema.parse({ excess_to: run.excessTo }));
        const excess = Math.max(deposited - charges, 0);
        const returnedToWallets = kobo(done.admission.returned_to_wallets);
        const owedByRefund = kobo(done.admission.owed_by_refund);
        // The excess goes back whole: to the wallet it came from, or owed by refund.
        expect(returnedToWallets + owedByRefund).toBe(excess);
        expect(returnedToWallets).toBe(run.excessTo === "wallet" ? excess : 0);
        expect(kobo(done.bill.returned)).toBe(excess);
        const cleared = deposited >= charges;
        expect(done.admission.status).toBe(cleared ? "cleared" : "awaiting_payment");
        expect(done.bill.status).toBe(cleared ? "paid" : "open");
        expect(done.admission.clearance_code !== null).toBe(cleared);
        expect(kobo(done.bill.left)).toBe(Math.max(charges - deposited, 0));
        // Revenue is the charges, once, exactly when the bill is paid; the deposits left the bill deposits then,
        // and until then are held.
        expect(revenue - (await balance("revenue:hospital"))).toBe(cleared ? charges : 0);
        expect(held - (await balance("liability:bill_deposits"))).toBe(cleared ? 0 : deposited);
        expect(refunds - (await balance("liability:deposit_refunds"))).toBe(owedByRefund);
        // The wallet paid each deposit with its fee and got its share of the excess back: credited, or held over
        // its tier's cap (this payer's wallet is far over its balance cap) until staff release it.
        const { rows: paid } = await h.t.db.query<{ total: number }>(
          `SELECT coalesce(sum(i.total_kobo), 0)::bigint AS total FROM invoices i JOIN bills b ON b.id = i.bill_id
           WHERE b.token = $1 AND i.status = 'completed'`,
          [token],
        );
        const credited = (await walletOf(payer.id)) - walletBefore + Number(paid[0]!.total);
        const heldOverCap = holdsBefore - (await balance("suspense:kyc_holds"));
        expect(credited + heldOverCap).toBe(returnedToWallets);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 1000), seed: Number(process.env.PROPERTY_SEED ?? 20261130) },
    );
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  }, 900_000);
});
