import { koboToDecimal, type ServiceRecord } from "@hospipay/contract";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import type { AuthUser } from "../../lib/auth-user";
import { createPaymentsHarness, itemFor, type PaymentsHarness } from "../../test/payments-harness";
import { checkLedger, ledgerIsSound } from "../ledger";
import { checkCredit, type TierLevel, type TierTable } from "./tiers";

/**
 * KYC tier caps against the real services (wallet top-ups, reserved-account credits, wallet payments,
 * staff KYC decisions and tier changes, admin releases) on the test database, with small caps so short
 * sequences reach them. A model of each customer's wallet says what every step must do.
 */
const CAPS_NAIRA = { t1: [5_000, 12_000], t2: [10_000, 25_000], t3: [50_000, null] } as const;
const TABLE: TierTable = {
  1: { singleCreditKobo: 500_000, balanceKobo: 1_200_000 },
  2: { singleCreditKobo: 1_000_000, balanceKobo: 2_500_000 },
  3: { singleCreditKobo: 5_000_000, balanceKobo: null },
};

let h: PaymentsHarness;
let openPrice: ServiceRecord;
let admin: AuthUser;
beforeAll(async () => {
  h = await createPaymentsHarness({
    KYC_TIER1_MAX_CREDIT_NAIRA: String(CAPS_NAIRA.t1[0]),
    KYC_TIER1_MAX_BALANCE_NAIRA: String(CAPS_NAIRA.t1[1]),
    KYC_TIER2_MAX_CREDIT_NAIRA: String(CAPS_NAIRA.t2[0]),
    KYC_TIER2_MAX_BALANCE_NAIRA: String(CAPS_NAIRA.t2[1]),
    KYC_TIER3_MAX_CREDIT_NAIRA: String(CAPS_NAIRA.t3[0]),
  });
  openPrice = (await h.catalogue()).find((s) => s.fixed_price === "no" && Number(s.price) === 0)!;
  admin = await insertUser("ADMIN");
});
afterAll(async () => {
  await h?.close();
});

let people = 0;
/** A user straight in the table (no password hashing: a thousand customers are made here). */
async function insertUser(role: "CUSTOMER" | "ADMIN"): Promise<AuthUser> {
  people += 1;
  const email = `tierprop${people}.${Date.now()}@example.ng`;
  const { rows } = await h.t.db.query<{ id: number }>(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, role, password_hash, email_verified_at)
     VALUES ($1, $1, 'Tier', 'Prop', '08000000000', $2, 'not-a-hash', now()) RETURNING id`,
    [email, role],
  );
  return { id: rows[0]!.id, role, email, tokenVersion: 0 };
}

type Op =
  | { kind: "topUp"; kobo: number; approve: boolean }
  | { kind: "transfer"; kobo: number }
  | { kind: "pay"; kobo: number }
  | { kind: "tier"; tier: TierLevel }
  | { kind: "release"; pick: number };

const amount = fc.integer({ min: 1, max: 1_500_000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("topUp" as const), kobo: amount, approve: fc.boolean() }),
  fc.record({ kind: fc.constant("transfer" as const), kobo: amount }),
  fc.record({ kind: fc.constant("pay" as const), kobo: fc.integer({ min: 1, max: 1_000_000 }) }),
  fc.record({ kind: fc.constant("tier" as const), tier: fc.constantFrom<TierLevel>(1, 2, 3) }),
  fc.record({ kind: fc.constant("release" as const), pick: fc.nat() }),
);

async function walletState(userId: number) {
  const { rows } = await h.t.db.query<{ stored: number; derived: number }>(
    `SELECT w.balance_kobo AS stored, coalesce(-sum(p.amount_kobo), 0)::bigint AS derived
     FROM wallets w LEFT JOIN postings p ON p.account_id = w.ledger_account_id WHERE w.user_id = $1 GROUP BY w.id`,
    [userId],
  );
  return rows[0]!;
}

let transfers = 0;

describe("KYC tier properties", () => {
  it("runs with the small caps the model uses", async () => {
    const user = await insertUser("CUSTOMER");
    const view = await h.t.services.kycHolds.customerView(user.id);
    expect(view.tiers).toEqual(
      ([1, 2, 3] as const).map((level) => ({
        tier_level: level,
        max_single_credit: koboToDecimal(TABLE[level].singleCreditKobo!),
        max_balance: TABLE[level].balanceKobo === null ? null : koboToDecimal(TABLE[level].balanceKobo!),
      })),
    );
  });

  it("keeps every balance equal to its postings, never negative, never raised above its tier cap, over random sequences", async () => {
    const { wallet, settlement, reservedAccounts, kyc, kycHolds } = h.t.services;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 6 }), async (ops) => {
        const user = await insertUser("CUSTOMER");
        const own = await h.t.repositories.wallets.ensure(user.id);
        const { rows: kycRows } = await h.t.db.query<{ id: number }>(
          `INSERT INTO kyc_records (user_id, dob, address, next_of_kin_name, next_of_kin_phone, next_of_kin_address, id_number)
           VALUES ($1, '1990-01-01', 'Lagos', 'Kin', '08000000001', 'Lagos', '12345678901') RETURNING id`,
          [user.id],
        );
        const kycId = kycRows[0]!.id;
        // The model: balance, tier, verification, holds (in arrival order) and the most the balance may be.
        let balance = 0;
        let tier: TierLevel = 1;
        let verified = false;
        const holds: Array<{ id: number; kobo: number; status: "held" | "released" }> = [];
        const cap = () => TABLE[tier].balanceKobo ?? Infinity;
        // A lowered tier does not take money away: the balance may stay above the new cap, but not grow past it.
        let ceiling = cap();
        const fits = (kobo: number) => checkCredit(TABLE[tier], balance, kobo).allowed;
        const releaseFitting = () => {
          for (const hold of holds) {
            if (hold.status === "held" && fits(hold.kobo)) {
              hold.status = "released";
              balance += hold.kobo;
            }
          }
        };
        const syncHoldIds = async () => {
          const { rows } = await h.t.db.query<{ id: number }>(`SELECT id FROM kyc_holds WHERE user_id = $1 ORDER BY id`, [
            user.id,
          ]);
          rows.forEach((row, i) => (holds[i]!.id = row.id));
        };

        for (const op of ops) {
          const before = balance;
          if (op.kind === "topUp") {
            const allowed = fits(op.kobo);
            try {
              const started = await wallet.topUp(user, { amount: koboToDecimal(op.kobo), payment_method: "remita" });
              expect(allowed).toBe(true);
              await h.t.app.inject({
                method: "POST",
                url: "/sandbox/remita/_control/pay",
                payload: { rrr: started.rrr_response.RRR, outcome: op.approve ? "approve" : "decline", notify: false },
              });
              const invoice = await h.t.repositories.invoices.findByReference(started.reference);
              const after = await settlement.reconcile(invoice!.id);
              expect(after!.status).toBe(op.approve ? "completed" : "failed");
              if (op.approve) balance += op.kobo;
            } catch (error) {
              if (!(error instanceof AppError) || error.statusCode !== 400) throw error;
              expect(allowed).toBe(false);
            }
          } else if (op.kind === "transfer") {
            transfers += 1;
            const allowed = fits(op.kobo);
            const outcome = await reservedAccounts.credit(
              { userId: user.id, amountKobo: op.kobo, transactionReference: `MNFY|PROP|${transfers}`, senderName: "Prop Sender" },
              "",
            );
            expect(outcome).toBe(allowed ? "credited" : "held");
            if (allowed) balance += op.kobo;
            else {
              holds.push({ id: 0, kobo: op.kobo, status: "held" });
              await syncHoldIds();
            }
          } else if (op.kind === "pay") {
            const total = op.kobo + 10_000;
            try {
              await wallet.pay(
                user,
                {
                  items: [itemFor(openPrice, 1, koboToDecimal(op.kobo))] as never,
                  customer_meta: {
                    first_name: "Tier",
                    last_name: "Prop",
                    email: user.email,
                    phone_number: "08000000000",
                    hospital_number: "P-1",
                    transaction_description: "tier property test",
                  },
                  payment_method: "wallet",
                  wallet_id: own.id,
                  charge_fee: "100.00",
                },
                undefined,
              );
              expect(balance).toBeGreaterThanOrEqual(total);
              balance -= total;
            } catch (error) {
              expect(error).toBeInstanceOf(AppError);
              expect((error as AppError).code).toBe("insufficient_funds");
              expect(balance).toBeLessThan(total);
            }
          } else if (op.kind === "tier") {
            if (!verified) {
              await kyc.decide(admin, kycId, { decision: "verified", tier_level: op.tier });
              verified = true;
            } else {
              await kyc.changeTier(admin, kycId, op.tier);
            }
            tier = op.tier;
            ceiling = Math.max(cap(), Math.min(ceiling, balance));
            releaseFitting();
          } else {
            const held = holds.filter((hold) => hold.status === "held");
            if (held.length > 0) {
              const hold = held[op.pick % held.length]!;
              const allowed = fits(hold.kobo);
              try {
                const answer = await kycHolds.release(admin, hold.id);
                expect(allowed).toBe(true);
                expect(answer.status).toBe("released");
                hold.status = "released";
                balance += hold.kobo;
              } catch (error) {
                if (!(error instanceof AppError) || error.statusCode !== 409) throw error;
                expect(allowed).toBe(false);
              }
            }
          }
          const state = await walletState(user.id);
          expect(state.stored).toBe(balance);
          expect(state.derived).toBe(state.stored);
          expect(state.stored).toBeGreaterThanOrEqual(0);
          if (balance > before) expect(balance).toBeLessThanOrEqual(ceiling);
          ceiling = Math.max(cap(), Math.min(ceiling, balance));
          expect(balance).toBeLessThanOrEqual(ceiling);
          const { rows: dbHolds } = await h.t.db.query<{ status: string }>(
            `SELECT status FROM kyc_holds WHERE user_id = $1 ORDER BY id`,
            [user.id],
          );
          expect(dbHolds.map((row) => row.status)).toEqual(holds.map((hold) => hold.status));
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 1000), seed: Number(process.env.PROPERTY_SEED ?? 20261126) },
    );
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
    const { rows } = await h.t.db.query<{ held: number }>(
      `SELECT coalesce(sum(amount_kobo), 0)::bigint AS held FROM kyc_holds WHERE status = 'held'`,
    );
    expect(await h.t.repositories.ledger.balance(h.t.db, "suspense:kyc_holds")).toBe(-rows[0]!.held);
  }, 900_000);
});
