import type { CoverageRule, EnrolmentInput, HmoInput, HmoPlanInput, PlanCoverage } from "@hospipay/contract";
import { percentToBp } from "@hospipay/contract";
import type { Queryable } from "../../db/database";
import { watDateSql } from "../../db/wat-sql";

/** What an HMO owes, in kobo by the age of its bills: up to 30 days, 31–60, 61–90, over 90. */
export interface ReceivableRecord {
  hmoId: number;
  hmoName: string;
  nhiaCode: string;
  bills: number;
  upTo30: number;
  upTo60: number;
  upTo90: number;
  over90: number;
}

/** An HMO as the register stores it. */
export interface HmoRecord {
  id: number;
  name: string;
  nhiaCode: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  bankName: string;
  bankAccountNumber: string;
  bankAccountName: string;
  createdAt: Date;
}

/** A rule's target and shares; a plan's own rule has no target. */
export interface RuleRecord extends CoverageRule {
  departmentName: string | null;
  serviceId: string | null;
}

export interface PlanRecord {
  id: number;
  hmoId: number;
  name: string;
  rule: CoverageRule;
  rules: RuleRecord[];
}

export interface EnrolmentRecord {
  id: number;
  patientId: number;
  hmoId: number;
  hmoName: string;
  nhiaCode: string;
  planId: number;
  planName: string;
  enrolleeId: string;
  /** YYYY-MM-DD. */
  validFrom: string;
  validTo: string;
  createdAt: Date;
}

const HMO_COLUMNS = `id::int AS id, name, nhia_code AS "nhiaCode", contact_name AS "contactName", contact_phone AS "contactPhone",
  contact_email AS "contactEmail", bank_name AS "bankName", bank_account_number AS "bankAccountNumber",
  bank_account_name AS "bankAccountName", created_at AS "createdAt"`;

const ENROLMENT_COLUMNS = `e.id::int AS id, e.patient_id::int AS "patientId", e.hmo_id::int AS "hmoId", h.name AS "hmoName",
  h.nhia_code AS "nhiaCode", e.plan_id::int AS "planId", p.name AS "planName", e.enrollee_id AS "enrolleeId",
  to_char(e.valid_from, 'YYYY-MM-DD') AS "validFrom", to_char(e.valid_to, 'YYYY-MM-DD') AS "validTo", e.created_at AS "createdAt"`;

/** Shares given as percentages, in basis points; an excluded rule has none. */
function shares(input: {
  covered_percent?: string | number;
  copay_percent?: string | number;
  excluded: boolean;
  preauth_required: boolean;
}): CoverageRule {
  return {
    coveredBp: input.excluded || input.covered_percent === undefined ? 0 : (percentToBp(input.covered_percent) ?? 0),
    copayBp: input.excluded || input.copay_percent === undefined ? 0 : (percentToBp(input.copay_percent) ?? 0),
    excluded: input.excluded,
    preauthRequired: input.preauth_required,
  };
}

interface RuleRow {
  planId: number;
  departmentName: string | null;
  serviceId: string | null;
  coveredBp: number;
  copayBp: number;
  excluded: boolean;
  preauthRequired: boolean;
}

/** The ledger account of what an HMO owes the hospital (migration 0034): its split bills' HMO parts, until remitted. */
export const hmoReceivableAccount = (hmoId: number) => `asset:hmo_receivable:${hmoId}`;

/** HMOs, their plans and rules, and the patients' enrolments. */
export class HmosRepository {
  constructor(private readonly db: Queryable) {}

  async insertHmo(tx: Queryable, input: HmoInput, staffId: number): Promise<number> {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO hmos (name, nhia_code, contact_name, contact_phone, contact_email, bank_name, bank_account_number,
         bank_account_name, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id::int AS id`,
      [
        input.name,
        input.nhia_code,
        input.contact_name,
        input.contact_phone,
        input.contact_email,
        input.bank_name,
        input.bank_account_number,
        input.bank_account_name,
        staffId,
      ],
    );
    const id = rows[0]!.id;
    await tx.query(`INSERT INTO ledger_accounts (code, kind, name) VALUES ($1, 'asset', $2)`, [
      hmoReceivableAccount(id),
      `Owed by HMO ${input.name}`,
    ]);
    return id;
  }

  /** The HMO, locked until the transaction ends (a plan added to it), or null. */
  async hmoForUpdate(tx: Queryable, id: number): Promise<HmoRecord | null> {
    const { rows } = await tx.query<HmoRecord>(`SELECT ${HMO_COLUMNS} FROM hmos WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  /** Every HMO by name, or the one with `id`. */
  async hmos(id?: number, db: Queryable = this.db): Promise<HmoRecord[]> {
    const { rows } = await db.query<HmoRecord>(
      `SELECT ${HMO_COLUMNS} FROM hmos WHERE $1::bigint IS NULL OR id = $1 ORDER BY lower(name), id`,
      [id ?? null],
    );
    return rows;
  }

  async insertPlan(tx: Queryable, hmoId: number, input: HmoPlanInput, staffId: number): Promise<number> {
    const own = shares(input);
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO hmo_plans (hmo_id, name, covered_bp, copay_bp, excluded, preauth_required, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::int AS id`,
      [hmoId, input.name, own.coveredBp, own.copayBp, own.excluded, own.preauthRequired, staffId],
    );
    const planId = rows[0]!.id;
    if (input.rules.length > 0) {
      const rules = input.rules.map(shares);
      await tx.query(
        `INSERT INTO hmo_plan_rules (plan_id, position, department_name, service_id, covered_bp, copay_bp, excluded, preauth_required)
         SELECT $1, r.position, nullif(r.department, ''), nullif(r.service_id, ''), r.covered, r.copay, r.excluded, r.preauth
         FROM unnest($2::int[], $3::text[], $4::text[], $5::int[], $6::int[], $7::boolean[], $8::boolean[])
           AS r(position, department, service_id, covered, copay, excluded, preauth)`,
        [
          planId,
          input.rules.map((_, index) => index + 1),
          input.rules.map((rule) => rule.department),
          input.rules.map((rule) => rule.service_id),
          rules.map((rule) => rule.coveredBp),
          rules.map((rule) => rule.copayBp),
          rules.map((rule) => rule.excluded),
          rules.map((rule) => rule.preauthRequired),
        ],
      );
    }
    return planId;
  }

  /** The plans of the HMOs `hmoIds` (or the plan `planId`), each with its rules in the order given. */
  async plans(filter: { hmoIds?: number[]; planId?: number }, db: Queryable = this.db): Promise<PlanRecord[]> {
    const { rows: plans } = await db.query<{ id: number; hmoId: number; name: string } & CoverageRule>(
      `SELECT id::int AS id, hmo_id::int AS "hmoId", name, covered_bp AS "coveredBp", copay_bp AS "copayBp", excluded,
              preauth_required AS "preauthRequired"
       FROM hmo_plans
       WHERE ($1::bigint[] IS NULL OR hmo_id = ANY ($1)) AND ($2::bigint IS NULL OR id = $2)
       ORDER BY hmo_id, lower(name), id`,
      [filter.hmoIds ?? null, filter.planId ?? null],
    );
    if (plans.length === 0) return [];
    const { rows: rules } = await db.query<RuleRow>(
      `SELECT plan_id::int AS "planId", department_name AS "departmentName", service_id AS "serviceId", covered_bp AS "coveredBp",
              copay_bp AS "copayBp", excluded, preauth_required AS "preauthRequired"
       FROM hmo_plan_rules WHERE plan_id = ANY ($1::bigint[]) ORDER BY plan_id, position`,
      [plans.map((plan) => plan.id)],
    );
    return plans.map((plan) => ({
      id: plan.id,
      hmoId: plan.hmoId,
      name: plan.name,
      rule: { coveredBp: plan.coveredBp, copayBp: plan.copayBp, excluded: plan.excluded, preauthRequired: plan.preauthRequired },
      rules: rules.filter((rule) => rule.planId === plan.id).map(({ planId: _planId, ...rule }) => rule),
    }));
  }

  /**
   * Enrols the patient on the plan (its HMO's) unless they are enrolled with an HMO for any of those days. The
   * caller holds the patient's row lock, so that two enrolments asked at once cannot both pass the check.
   * "plan" when the plan does not exist, "overlap" when the dates meet another enrolment's.
   */
  async insertEnrolment(
    tx: Queryable,
    patientId: number,
    input: EnrolmentInput,
    staffId: number,
  ): Promise<number | "plan" | "overlap"> {
    const plan = await tx.query<{ hmoId: number }>(`SELECT hmo_id::int AS "hmoId" FROM hmo_plans WHERE id = $1`, [input.plan_id]);
    if (plan.rows.length === 0) return "plan";
    const overlap = await tx.query(
      `SELECT 1 FROM patient_enrolments WHERE patient_id = $1 AND valid_from <= $3::date AND valid_to >= $2::date LIMIT 1`,
      [patientId, input.valid_from, input.valid_to],
    );
    if (overlap.rows.length > 0) return "overlap";
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO patient_enrolments (patient_id, plan_id, hmo_id, enrollee_id, valid_from, valid_to, created_by)
       VALUES ($1, $2, $3, $4, $5::date, $6::date, $7) RETURNING id::int AS id`,
      [patientId, input.plan_id, plan.rows[0]!.hmoId, input.enrollee_id, input.valid_from, input.valid_to, staffId],
    );
    return rows[0]!.id;
  }

  /** The patient's enrolments (or the one `id`), newest first. */
  async enrolments(filter: { patientId?: number; id?: number }, db: Queryable = this.db): Promise<EnrolmentRecord[]> {
    const { rows } = await db.query<EnrolmentRecord>(
      `SELECT ${ENROLMENT_COLUMNS}
       FROM patient_enrolments e JOIN hmos h ON h.id = e.hmo_id JOIN hmo_plans p ON p.id = e.plan_id
       WHERE ($1::bigint IS NULL OR e.patient_id = $1) AND ($2::bigint IS NULL OR e.id = $2)
       ORDER BY e.valid_from DESC, e.id DESC`,
      [filter.patientId ?? null, filter.id ?? null],
    );
    return rows;
  }

  /**
   * The patient's enrolment valid on `day` (YYYY-MM-DD) and its plan's coverage, or null: what a bill raised
   * that day is split by.
   */
  /**
   * Per HMO (every one, by name), what it owes: the HMO parts of its enrollees' final bills less what its
   * remittances paid and write-offs took off their claim lines, by the bill's age in WAT days on `day` (0–30,
   * 31–60, 61–90, over 90), and how many bills still owed for.
   */
  async receivables(day: string, db: Queryable = this.db): Promise<ReceivableRecord[]> {
    const { rows } = await db.query<ReceivableRecord>(
      `SELECT h.id::int AS "hmoId", h.name AS "hmoName", h.nhia_code AS "nhiaCode", count(o.id)::int AS bills,
         coalesce(sum(o.kobo) FILTER (WHERE o.age <= 30), 0)::bigint AS "upTo30",
         coalesce(sum(o.kobo) FILTER (WHERE o.age BETWEEN 31 AND 60), 0)::bigint AS "upTo60",
         coalesce(sum(o.kobo) FILTER (WHERE o.age BETWEEN 61 AND 90), 0)::bigint AS "upTo90",
         coalesce(sum(o.kobo) FILTER (WHERE o.age > 90), 0)::bigint AS "over90"
       FROM hmos h
       LEFT JOIN LATERAL (
         SELECT b.id, b.hmo_kobo - coalesce(s.settled, 0) AS kobo,
           $1::date - ${watDateSql("b.paid_at")} AS age
         FROM patient_enrolments e JOIN bills b ON b.enrolment_id = e.id
         LEFT JOIN LATERAL (
           SELECT sum(l.paid_kobo + l.written_off_kobo) AS settled FROM hmo_claim_lines l WHERE l.bill_id = b.id
         ) s ON true
         WHERE e.hmo_id = h.id AND b.status = 'paid' AND b.hmo_kobo > coalesce(s.settled, 0)
       ) o ON true
       GROUP BY h.id ORDER BY lower(h.name), h.id`,
      [day],
    );
    return rows;
  }

  async coverageOn(
    patientId: number,
    day: string,
    db: Queryable = this.db,
  ): Promise<{ enrolment: EnrolmentRecord; coverage: PlanCoverage } | null> {
    const { rows } = await db.query<EnrolmentRecord>(
      `SELECT ${ENROLMENT_COLUMNS}
       FROM patient_enrolments e JOIN hmos h ON h.id = e.hmo_id JOIN hmo_plans p ON p.id = e.plan_id
       WHERE e.patient_id = $1 AND e.valid_from <= $2::date AND e.valid_to >= $2::date`,
      [patientId, day],
    );
    const enrolment = rows[0];
    if (!enrolment) return null;
    const [plan] = await this.plans({ planId: enrolment.planId }, db);
    return { enrolment, coverage: planCoverage(plan!) };
  }
}

/** A stored plan as the split reads it. */
export function planCoverage(plan: PlanRecord): PlanCoverage {
  const departments = new Map<string, CoverageRule>();
  const services = new Map<string, CoverageRule>();
  for (const { departmentName, serviceId, ...rule } of plan.rules) {
    if (serviceId !== null) services.set(serviceId, rule);
    else if (departmentName !== null) departments.set(departmentName, rule);
  }
  return { plan: plan.rule, departments, services };
}
