import {
  createBillSchema,
  enrolmentInputSchema,
  hmoInputSchema,
  hmoPlanInputSchema,
  koboToDecimal,
  waiverDecisionSchema,
  waiverRequestSchema,
  watDay,
  type ServiceRecord,
} from "@hospipay/contract";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthUser } from "../../lib/auth-user";
import { createPaymentsHarness, fundWallet, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, grantDesk } from "../../test/test-app";
import { checkLedger, ledgerIsSound } from "../ledger";

let h: PaymentsHarness;
let services: ServiceRecord[];
let desk: AuthUser;
let officer: AuthUser;
let payer: AuthUser;
let hmoId: number;

const asUser = (user: Awaited<ReturnType<typeof buildUser>>): AuthUser => ({
  id: user.id,
  role: user.role as AuthUser["role"],
  email: user.email,
  tokenVersion: 0,
});

beforeAll(async () => {
  h = await createPaymentsHarness({ BILL_MIN_PART_NAIRA: "1" });
  services = (await h.catalogue())
    .filter((s) => s.fixed_price !== "no" && Number(s.price) > 0 && Number(s.price) <= 50_000 && s.department?.name)
    .slice(0, 6);
  const deskUser = await buildUser(h.t, { role: "AGENT" });
  const officerUser = await buildUser(h.t, { role: "ADMIN" });
  await grantDesk(h.t, deskUser.id, { collectsMoney: true });
  await grantDesk(h.t, officerUser.id, { waiverLimitKobo: 1_000_000_000 });
  [desk, officer] = [asUser(deskUser), asUser(officerUser)];
  const payerUser = await buildUser(h.t, { firstName: "Prop", lastName: "Payer" });
  payer = asUser(payerUser);
  // A wallet deep enough for every part of every run, funded through the ledger (clearing → wallet).
  await fundWallet(h.t, payer.id, 1e13);
  const { hmo } = await h.t.services.hmos.register(
    officer,
    hmoInputSchema.parse({
      name: "Property HMO",
      nhia_code: "NHIA/PROP/1",
      contact_name: "Prop Erty",
      contact_phone: "08031112222",
      contact_email: "claims@prop.example.ng",
      bank_name: "Zenith Bank",
      bank_account_number: "1012345678",
      bank_account_name: "Property HMO Limited",
    }),
  );
  hmoId = hmo.id;
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** Shares in whole percents with two decimals, covered + co-payment ≤ 100 %. */
const shareArb = fc
  .record({ covered: fc.integer({ min: 0, max: 10_000 }), copay: fc.integer({ min: 0, max: 10_000 }), excluded: fc.boolean() })
  .map(({ covered, copay, excluded }) => ({
    covered_percent: koboToDecimal(excluded ? 0 : covered),
    copay_percent: koboToDecimal(excluded ? 0 : Math.min(copay, 10_000 - covered)),
    excluded,
  }));

const runArb = fc.record({
  plan: shareArb,
  /** Overrides for some of the services' departments, or for a service itself. */
  rules: fc.array(fc.record({ at: fc.nat({ max: 5 }), byService: fc.boolean(), share: shareArb }), { maxLength: 3 }),
  lines: fc.array(fc.record({ at: fc.nat({ max: 5 }), quantity: fc.integer({ min: 1, max: 4 }) }), {
    minLength: 1,
    maxLength: 4,
  }),
  chargeHmo: fc.boolean(),
  /** A waiver of this share of the patient's part (in basis points), if any. */
  waiverBp: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null }),
  /** The patient's parts as shares of what is left after the waiver; their sum may leave the bill open. */
  partsBp: fc.array(fc.integer({ min: 1, max: 10_000 }), { maxLength: 3 }),
});

let serial = 0;
const kobo = (naira: string | number) => Math.round(Number(naira) * 100);

async function receivable(): Promise<number> {
  return h.t.db.transaction((tx) => h.t.repositories.ledger.balance(tx, `asset:hmo_receivable:${hmoId}`));
}

/** The HMO parts of its final bills: what its claims will be made of, none remitted yet. */
async function finalHmoParts(): Promise<number> {
  const { rows } = await h.t.db.query<{ kobo: number }>(
    `SELECT coalesce(sum(b.hmo_kobo), 0)::bigint AS kobo FROM bills b JOIN patient_enrolments e ON e.id = b.enrolment_id
     WHERE e.hmo_id = $1 AND b.status = 'paid'`,
    [hmoId],
  );
  return Number(rows[0]!.kobo);
}

describe("an HMO enrollee's bills (fast-check)", () => {
  it("patient part + HMO part + waivers add up to the total, nothing negative, the ledger sound, the HMO owing its final bills' parts", async () => {
    const { hmos, bills, waivers } = h.t.services;
    await fc.assert(
      fc.asyncProperty(runArb, async (run) => {
        serial += 1;
        const rules = new Map<string, Record<string, unknown>>();
        for (const rule of run.rules) {
          const service = services[rule.at % services.length]!;
          const key = rule.byService ? `s:${service.id}` : `d:${service.department!.name.toLowerCase()}`;
          rules.set(key, {
            ...(rule.byService ? { service_id: String(service.id) } : { department: service.department!.name }),
            ...rule.share,
          });
        }
        const { plan } = await hmos.addPlan(
          officer,
          hmoId,
          hmoPlanInputSchema.parse({ name: `Plan ${serial}`, ...run.plan, rules: [...rules.values()] }),
        );
        const { rows } = await h.t.db.query<{ id: number }>(
          `INSERT INTO patients (hospital_number, first_name, last_name, phone, language, date_of_birth, created_by, updated_by)
           VALUES ($1, 'Prop', 'Erty', '08035550000', 'en', '1980-01-01', $2, $2) RETURNING id::int AS id`,
          [`PROP/${serial}`, desk.id],
        );
        const patientId = rows[0]!.id;
        const today = watDay(new Date().toISOString());
        await hmos.enrol(
          desk,
          patientId,
          enrolmentInputSchema.parse({ plan_id: plan.id, enrollee_id: `PROP-${serial}`, valid_from: today, valid_to: today }),
        );
        const owedBefore = await receivable();
        const { bill } = await bills.create(
          desk,
          createBillSchema.parse({
            patient_id: patientId,
            charge_hmo: run.chargeHmo,
            items: run.lines.map((line) => ({ service_id: services[line.at % services.length]!.id, quantity: line.quantity })),
          }),
        );
        const total = kobo(bill.total);
        const hmoPart = kobo(bill.hmo_part);
        const lineSplits = bill.items.map((item) => [kobo(item.line_total), kobo(item.hmo_part), kobo(item.copay)] as const);
        // Each line: the HMO's part and the co-payment within it, neither negative; together they make the bill.
        for (const [line, hmo, copay] of lineSplits) {
          expect(hmo).toBeGreaterThanOrEqual(0);
          expect(copay).toBeGreaterThanOrEqual(0);
          expect(hmo + copay).toBeLessThanOrEqual(line);
        }
        expect(lineSplits.reduce((sum, [, hmo]) => sum + hmo, 0)).toBe(hmoPart);
        expect(lineSplits.reduce((sum, [line]) => sum + line, 0)).toBe(total);
        if (!run.chargeHmo) expect(hmoPart).toBe(0);

        let waived = 0;
        if (run.waiverBp !== null && bill.status === "open") {
          const amount = Math.floor((kobo(bill.left) * run.waiverBp) / 10_000);
          if (amount > 0) {
            const asked = await waivers.request(
              desk,
              bill.token,
              waiverRequestSchema.parse({ amount: koboToDecimal(amount), reason: "Property test" }),
            );
            await waivers.decide(officer, asked.waiver.id, waiverDecisionSchema.parse({ decision: "approve", note: "Checked" }));
            waived = amount;
          }
        }
        let paid = 0;
        for (const share of run.partsBp) {
          const left = total - hmoPart - waived - paid;
          const part = Math.min(left, Math.max(100, Math.floor((left * share) / 10_000)));
          if (part <= 0) break;
          await bills.pay(
            bill.token,
            {
              amount: koboToDecimal(part),
              payer_name: "Prop Payer",
              payer_email: payer.email,
              payer_phone: "08035550000",
              payment_method: "wallet",
            },
            payer,
          );
          paid += part;
        }

        const after = await bills.staffBill(bill.token);
        expect(kobo(after.paid)).toBe(paid);
        expect(kobo(after.waived)).toBe(waived);
        expect(kobo(after.left)).toBe(total - hmoPart - waived - paid);
        expect(kobo(after.left)).toBeGreaterThanOrEqual(0);
        // Patient's parts + waivers + the HMO's part = the total, exactly when the bill is final.
        expect(after.status === "paid").toBe(paid + waived + hmoPart === total);
        expect((await receivable()) - owedBefore).toBe(after.status === "paid" ? hmoPart : 0);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 1000), seed: Number(process.env.PROPERTY_SEED ?? 20261138) },
    );
    // Everything the HMO owes is its final bills' HMO parts (its claim lines to be), and the ledger balances.
    expect(await receivable()).toBe(await finalHmoParts());
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  }, 600_000);
});
