import { koboToDecimal, type ServiceRecord } from "@hospipay/contract";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import type { AuthUser } from "../../lib/auth-user";
import { createPaymentsHarness, itemFor, type PaymentsHarness } from "../../test/payments-harness";

let h: PaymentsHarness;
let openPrice: ServiceRecord;
beforeAll(async () => {
  h = await createPaymentsHarness();
  openPrice = (await h.catalogue()).find((s) => s.fixed_price === "no" && Number(s.price) === 0)!;
});
afterAll(async () => {
  await h?.close();
});

type Op = { kind: "topUp"; kobo: number; approve: boolean } | { kind: "pay"; kobo: number } | { kind: "refund"; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("topUp" as const), kobo: fc.integer({ min: 1, max: 2_000_000 }), approve: fc.boolean() }),
  fc.record({ kind: fc.constant("pay" as const), kobo: fc.integer({ min: 1, max: 1_500_000 }) }),
  fc.record({ kind: fc.constant("refund" as const), pick: fc.nat() }),
);

let people = 0;
/** A super admin straight in the table, whose refunds complete without waiting for approval. */
async function newSuperAdmin(): Promise<AuthUser> {
  const email = `prop-admin.${Date.now()}@example.ng`;
  const { rows } = await h.t.db.query<{ id: number }>(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, role, password_hash, email_verified_at)
     VALUES ($1, $1, 'Prop', 'Admin', '08000000000', 'SUPERADMIN', 'not-a-hash', now()) RETURNING id`,
    [email],
  );
  return { id: rows[0]!.id, role: "SUPERADMIN", email, tokenVersion: 0 };
}

/** A customer straight in the table (no password hashing: a thousand of them are made here). */
async function newCustomer(): Promise<AuthUser> {
  people += 1;
  const email = `prop${people}.${Date.now()}@example.ng`;
  const { rows } = await h.t.db.query<{ id: number }>(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, role, password_hash, email_verified_at)
     VALUES ($1, $1, 'Prop', 'Erty', '08000000000', 'CUSTOMER', 'not-a-hash', now()) RETURNING id`,
    [email],
  );
  return { id: rows[0]!.id, role: "CUSTOMER", email, tokenVersion: 0 };
}

async function walletState(userId: number) {
  const { rows } = await h.t.db.query<{ stored: number; derived: number }>(
    `SELECT w.balance_kobo AS stored, coalesce(-sum(p.amount_kobo), 0)::bigint AS derived
     FROM wallets w LEFT JOIN postings p ON p.account_id = w.ledger_account_id WHERE w.user_id = $1 GROUP BY w.id`,
    [userId],
  );
  return rows[0]!;
}

describe("wallet ledger properties", () => {
  it("keeps every balance equal to its postings and never negative, over 1,000 random sequences", async () => {
    const { wallet, settlement, refunds } = h.t.services;
    const admin = await newSuperAdmin();
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 6 }), async (ops) => {
        const user = await newCustomer();
        const own = await h.t.repositories.wallets.ensure(user.id);
        let expected = 0;
        const paid: number[] = [];
        for (const op of ops) {
          if (op.kind === "topUp") {
            const started = await wallet.topUp(user, { amount: koboToDecimal(op.kobo), payment_method: "remita" });
            await h.t.app.inject({
              method: "POST",
              url: "/sandbox/remita/_control/pay",
              payload: { rrr: started.rrr_response.RRR, outcome: op.approve ? "approve" : "decline", notify: false },
            });
            const invoice = await h.t.repositories.invoices.findByReference(started.reference);
            const after = await settlement.reconcile(invoice!.id);
            expect(after!.status).toBe(op.approve ? "completed" : "failed");
            if (op.approve) expected += op.kobo;
          } else if (op.kind === "pay") {
            const total = op.kobo + 10_000;
            try {
              const answer = await wallet.pay(
                user,
                {
                  items: [itemFor(openPrice, 1, koboToDecimal(op.kobo))] as never,
                  customer_meta: {
                    first_name: "Prop",
                    last_name: "Erty",
                    email: user.email,
                    phone_number: "08000000000",
                    hospital_number: "P-1",
                    transaction_description: "property test",
                  },
                  payment_method: "wallet",
                  wallet_id: own.id,
                  charge_fee: "100.00",
                },
                undefined,
              );
              expect(expected).toBeGreaterThanOrEqual(total);
              expected -= total;
              const { rows } = await h.t.db.query<{ id: number }>("SELECT id FROM invoices WHERE reference = $1", [
                answer.body.reference,
              ]);
              paid.push(rows[0]!.id);
            } catch (error) {
              expect(error).toBeInstanceOf(AppError);
              expect((error as AppError).code).toBe("insufficient_funds");
              expect(expected).toBeLessThan(total);
            }
          } else if (paid.length > 0) {
            const [invoiceId] = paid.splice(op.pick % paid.length, 1);
            const { rows } = await h.t.db.query<{ total: number; reference: string }>(
              "SELECT total_kobo AS total, reference FROM invoices WHERE id = $1",
              [invoiceId],
            );
            const refunded = await refunds.request(admin, rows[0]!.reference, "property test");
            expect(refunded.body.refund).toMatchObject({ status: "completed", destination: "wallet" });
            expected += rows[0]!.total;
          }
          const state = await walletState(user.id);
          expect(state.stored).toBe(expected);
          expect(state.derived).toBe(state.stored);
          expect(state.stored).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 1000), seed: Number(process.env.PROPERTY_SEED ?? 20261121) },
    );
    const unbalanced = await h.t.db.query(
      "SELECT e.id FROM journal_entries e JOIN postings p ON p.entry_id = e.id GROUP BY e.id HAVING sum(p.amount_kobo) <> 0",
    );
    expect(unbalanced.rows).toEqual([]);
  }, 600_000);
});
