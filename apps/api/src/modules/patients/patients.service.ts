import type { Patient, PatientCorrection, PatientInput, PatientList, PatientSearchQuery } from "@hospipay/contract";
import { ChangeCountCache } from "../../lib/change-count-cache";
import { KeptJson } from "../../lib/json-reply";
import type { Database } from "../../db/database";
import type { AuthUser } from "../../lib/auth-user";
import { AppError, errors, isUniqueViolation } from "../../lib/errors";
import type { AuditRepository } from "../audit";
import { searchTerms, type PatientRecord, type PatientsRepository } from "./patients.repository";

export interface PatientsServiceDeps {
  db: Database;
  patients: PatientsRepository;
  audit: AuditRepository;
  /** How much text (characters) the search answers kept for asking again may hold in all; 0 keeps none. */
  keptSearchesSize?: number;
}

const TEXT = {
  registered: "Patient registered.",
  corrected: "Patient's details corrected.",
  notFound: "No patient has this id.",
  duplicate: "A patient with this hospital number is already registered.",
} as const;

/** A duplicate hospital number, as a field error on it. */
const duplicate = () => new AppError(409, "duplicate_hospital_number", TEXT.duplicate, { hospital_number: [TEXT.duplicate] });

export function patientView(record: PatientRecord): Patient {
  return {
    id: record.id,
    hospital_number: record.hospitalNumber,
    first_name: record.firstName,
    last_name: record.lastName,
    other_names: record.otherNames,
    phone: record.phone,
    email: record.email,
    language: record.language as Patient["language"],
    date_of_birth: record.dateOfBirth,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  };
}

/** The details a correction changed: field → [before, after]. */
function changedFields(before: PatientRecord, after: PatientRecord): Record<string, [string, string]> {
  const a = patientView(before);
  const b = patientView(after);
  const fields = [
    "hospital_number",
    "first_name",
    "last_name",
    "other_names",
    "phone",
    "email",
    "language",
    "date_of_birth",
  ] as const;
  return Object.fromEntries(fields.filter((field) => a[field] !== b[field]).map((field) => [field, [a[field], b[field]]]));
}

/** The patient register: staff register, correct and find patients; every change is audited in its transaction. */
export class PatientsService {
  /** Search answers given before, as sent, each with the register's change count it was read at. */
  private readonly keptSearches: ChangeCountCache<KeptJson>;

  constructor(private readonly deps: PatientsServiceDeps) {
    this.keptSearches = new ChangeCountCache(deps.keptSearchesSize ?? 0);
  }

  async register(staff: AuthUser, input: PatientInput): Promise<{ detail: string; patient: Patient }> {
    const { db, patients, audit } = this.deps;
    try {
      const record = await db.transaction(async (tx) => {
        const created = await patients.insert(tx, input, staff.id);
        await audit.record(tx, {
          actor: staff,
          action: "patient.registered",
          targetType: "patient",
          targetId: created.id,
          summary: `Registered patient ${created.hospitalNumber}`,
        });
        return created;
      });
      return { detail: TEXT.registered, patient: patientView(record) };
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
  }

  async correct(staff: AuthUser, id: number, changes: PatientCorrection): Promise<{ detail: string; patient: Patient }> {
    const { db, patients, audit } = this.deps;
    try {
      const record = await db.transaction(async (tx) => {
        const before = await patients.findForUpdate(tx, id);
        if (!before) throw errors.notFound(TEXT.notFound);
        const after = await patients.correct(tx, id, changes, staff.id);
        const changed = changedFields(before, after);
        if (Object.keys(changed).length > 0)
          await audit.record(tx, {
            actor: staff,
            action: "patient.corrected",
            targetType: "patient",
            targetId: id,
            summary: `Corrected ${Object.keys(changed).join(", ")} of patient ${after.hospitalNumber}`,
            details: { changed },
          });
        return after;
      });
      return { detail: TEXT.corrected, patient: patientView(record) };
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
  }

  async get(id: number): Promise<Patient> {
    const record = await this.deps.patients.findById(id);
    if (!record) throw errors.notFound(TEXT.notFound);
    return patientView(record);
  }

  /**
   * A page of the search as the answer's JSON (PatientList), given again as it was sent while the register's
   * change count is the one it was read at: the desks' searches for the same patient cost the database one
   * count, not a search.
   */
  async search(query: PatientSearchQuery): Promise<KeptJson> {
    const terms = searchTerms(query.q);
    const key = JSON.stringify([terms, query.page, query.page_size]);
    if (this.keptSearches.has(key)) {
      const kept = this.keptSearches.get(key, await this.deps.patients.changes());
      if (kept) return kept;
    }
    const { count, rows, changes } = await this.deps.patients.search(terms, query.page, query.page_size);
    const list: PatientList = { count, page: query.page, results: rows.map(patientView) };
    const answer = new KeptJson(JSON.stringify(list));
    this.keptSearches.set(key, changes, answer, answer.bytes.length);
    return answer;
  }
}
