import {
  bpToPercent,
  HMO_MESSAGES,
  koboToDecimal,
  watDay,
  type CoverageRule,
  type Enrolment,
  type EnrolmentInput,
  type EnrolmentList,
  type Hmo,
  type HmoInput,
  type HmoList,
  type HmoPlan,
  type HmoPlanInput,
  type HmoReceivables,
} from "@hospipay/contract";
import type { Database } from "../../db/database";
import type { AuthUser } from "../../lib/auth-user";
import { AppError, errors, isUniqueViolation } from "../../lib/errors";
import type { AuditRepository } from "../audit";
import type { PatientsRepository } from "../patients";
import type { EnrolmentRecord, HmoRecord, HmosRepository, PlanRecord, ReceivableRecord } from "./hmos.repository";

export interface HmosServiceDeps {
  db: Database;
  hmos: HmosRepository;
  patients: PatientsRepository;
  audit: AuditRepository;
}

const TEXT = {
  registered: "HMO registered.",
  planAdded: "Plan added.",
  enrolled: "Patient enrolled.",
} as const;

/** A refusal about one field, as the other field errors are given. */
const conflict = (code: string, field: string, message: string) => new AppError(409, code, message, { [field]: [message] });

const shareView = (rule: CoverageRule) => ({
  covered_percent: bpToPercent(rule.coveredBp),
  copay_percent: bpToPercent(rule.copayBp),
  excluded: rule.excluded,
  preauth_required: rule.preauthRequired,
});

function planView(plan: PlanRecord): HmoPlan {
  return {
    id: plan.id,
    hmo_id: plan.hmoId,
    name: plan.name,
    ...shareView(plan.rule),
    rules: plan.rules.map((rule) => ({
      department: rule.departmentName ?? "",
      service_id: rule.serviceId ?? "",
      ...shareView(rule),
    })),
  };
}

function hmoView(hmo: HmoRecord, plans: PlanRecord[]): Hmo {
  return {
    id: hmo.id,
    name: hmo.name,
    nhia_code: hmo.nhiaCode,
    contact_name: hmo.contactName,
    contact_phone: hmo.contactPhone,
    contact_email: hmo.contactEmail,
    bank_name: hmo.bankName,
    bank_account_number: hmo.bankAccountNumber,
    bank_account_name: hmo.bankAccountName,
    plans: plans.filter((plan) => plan.hmoId === hmo.id).map(planView),
    created_at: hmo.createdAt.toISOString(),
  };
}

function enrolmentView(record: EnrolmentRecord, today: string): Enrolment {
  return {
    id: record.id,
    patient_id: record.patientId,
    hmo: { id: record.hmoId, name: record.hmoName, nhia_code: record.nhiaCode },
    plan: { id: record.planId, name: record.planName },
    enrollee_id: record.enrolleeId,
    valid_from: record.validFrom,
    valid_to: record.validTo,
    current: record.validFrom <= today && today <= record.validTo,
    created_at: record.createdAt.toISOString(),
  };
}

/** HMOs and their plans (admins register them), and patients' enrolments (any staff member at the desk); audited. */
export class HmosService {
  constructor(private readonly deps: HmosServiceDeps) {}

  async list(): Promise<HmoList> {
    const hmos = await this.deps.hmos.hmos();
    const plans = await this.deps.hmos.plans({ hmoIds: hmos.map((hmo) => hmo.id) });
    return { results: hmos.map((hmo) => hmoView(hmo, plans)) };
  }

  async register(staff: AuthUser, input: HmoInput): Promise<{ detail: string; hmo: Hmo }> {
    const { db, hmos, audit } = this.deps;
    try {
      const hmo = await db.transaction(async (tx) => {
        const id = await hmos.insertHmo(tx, input, staff.id);
        await audit.record(tx, {
          actor: staff,
          action: "hmo.registered",
          targetType: "hmo",
          targetId: id,
          summary: `Registered HMO ${input.name} (${input.nhia_code})`,
        });
        return (await hmos.hmos(id, tx))[0]!;
      });
      return { detail: TEXT.registered, hmo: hmoView(hmo, []) };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict("duplicate_hmo", "name", HMO_MESSAGES.duplicateHmo);
      throw error;
    }
  }

  async addPlan(staff: AuthUser, hmoId: number, input: HmoPlanInput): Promise<{ detail: string; plan: HmoPlan }> {
    const { db, hmos, audit } = this.deps;
    try {
      const plan = await db.transaction(async (tx) => {
        const hmo = await hmos.hmoForUpdate(tx, hmoId);
        if (!hmo) throw errors.notFound(HMO_MESSAGES.noHmo);
        const id = await hmos.insertPlan(tx, hmoId, input, staff.id);
        await audit.record(tx, {
          actor: staff,
          action: "hmo.plan_added",
          targetType: "hmo_plan",
          targetId: id,
          summary: `Added plan ${input.name} to HMO ${hmo.name}, with ${input.rules.length} rule(s)`,
        });
        return (await hmos.plans({ planId: id }, tx))[0]!;
      });
      return { detail: TEXT.planAdded, plan: planView(plan) };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict("duplicate_plan", "name", HMO_MESSAGES.duplicatePlan);
      throw error;
    }
  }

  async enrol(staff: AuthUser, patientId: number, input: EnrolmentInput): Promise<{ detail: string; enrolment: Enrolment }> {
    const { db, hmos, patients, audit } = this.deps;
    try {
      const record = await db.transaction(async (tx) => {
        if (!(await patients.findForUpdate(tx, patientId))) throw errors.notFound(HMO_MESSAGES.noPatient);
        const id = await hmos.insertEnrolment(tx, patientId, input, staff.id);
        if (id === "plan") throw new AppError(400, "invalid", HMO_MESSAGES.noPlan, { plan_id: [HMO_MESSAGES.noPlan] });
        if (id === "overlap") throw conflict("enrolment_overlap", "valid_from", HMO_MESSAGES.overlap);
        const [enrolment] = await hmos.enrolments({ id }, tx);
        await audit.record(tx, {
          actor: staff,
          action: "patient.enrolled",
          targetType: "patient",
          targetId: patientId,
          summary: `Enrolled patient ${patientId} with ${enrolment!.hmoName} (${enrolment!.planName}) as ${input.enrollee_id}, ${input.valid_from} to ${input.valid_to}`,
        });
        return enrolment!;
      });
      return { detail: TEXT.enrolled, enrolment: enrolmentView(record, today()) };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict("duplicate_enrollee", "enrollee_id", HMO_MESSAGES.duplicateEnrollee);
      throw error;
    }
  }

  async enrolments(patientId: number): Promise<EnrolmentList> {
    if (!(await this.deps.patients.findById(patientId))) throw errors.notFound(HMO_MESSAGES.noPatient);
    const records = await this.deps.hmos.enrolments({ patientId });
    const day = today();
    return { results: records.map((record) => enrolmentView(record, day)) };
  }

  /** What each HMO owes today, by age; the ledger's HMO receivable accounts hold the same amounts. */
  async receivables(): Promise<HmoReceivables> {
    const day = today();
    const rows = await this.deps.hmos.receivables(day);
    const owed = (row: ReceivableRecord) => row.upTo30 + row.upTo60 + row.upTo90 + row.over90;
    return {
      as_of: day,
      results: rows.map((row) => ({
        hmo_id: row.hmoId,
        hmo_name: row.hmoName,
        nhia_code: row.nhiaCode,
        bills: row.bills,
        owed: koboToDecimal(owed(row)),
        buckets: {
          "0-30": koboToDecimal(row.upTo30),
          "31-60": koboToDecimal(row.upTo60),
          "61-90": koboToDecimal(row.upTo90),
          "90+": koboToDecimal(row.over90),
        },
      })),
      total: koboToDecimal(rows.reduce((sum, row) => sum + owed(row), 0)),
    };
  }
}

/** Today in West Africa Time, YYYY-MM-DD. */
function today(): string {
  return watDay(new Date().toISOString());
}
