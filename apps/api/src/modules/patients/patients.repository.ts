import { prefixEnd } from "../../lib/prefix-range";
import { RoundBatch } from "../../lib/round-batch";
import type { PatientInput } from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";

/** A patient as the register stores it. */
export interface PatientRecord {
  id: number;
  hospitalNumber: string;
  firstName: string;
  lastName: string;
  otherNames: string;
  phone: string;
  email: string;
  language: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The columns of a PatientRecord, the date of birth as text (a date's text is the same on both engines). */
const COLUMNS = `id, hospital_number AS "hospitalNumber", first_name AS "firstName", last_name AS "lastName",
  other_names AS "otherNames", phone, email, language, to_char(date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/** The columns a correction may set, by the input's field name. */
const CORRECTABLE = {
  hospital_number: "hospital_number",
  first_name: "first_name",
  last_name: "last_name",
  other_names: "other_names",
  phone: "phone",
  email: "email",
  language: "language",
  date_of_birth: "date_of_birth",
} as const satisfies Record<keyof PatientInput, string>;

/** Escapes LIKE's wildcards, so that a search for "A_1" means exactly that. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What a search looks for, taken apart from the text staff typed. */
export interface PatientSearchTerms {
  /** The text, upper-cased, for any part of a hospital number. */
  hospitalNumber: string;
  /**
   * Its digits, for any part of a phone number, when the text is written as one (digits, spaces, dashes,
   * brackets, a leading +) with three or more; else "" (a hospital number's digits are not a phone's).
   */
  phoneDigits: string;
  /** Its words in lower case (at most five), each to be found among the names, in any order. */
  words: string[];
}

export function searchTerms(q: string): PatientSearchTerms {
  const digits = /^\+?[\d\s()-]+$/.test(q.trim()) ? q.replace(/\D/g, "") : "";
  return {
    hospitalNumber: q.trim().toUpperCase(),
    phoneDigits: digits.length >= 3 ? digits : "",
    words: q
      .toLowerCase()
      .split(/[^\p{L}\p{N}'-]+/u)
      .filter(Boolean)
      .slice(0, 5),
  };
}

/**
 * The search's WHERE clause and its score, on parameters from $first on: a patient matches by any part of
 * the hospital number, any part of the phone, or by every word of the search being among the names (each
 * word a part of a name, or a name within a small typo: pg_trgm's word similarity, `<%`, at the threshold every
 * session is opened with, SESSION_SETTINGS in db/database.ts).
 * Each form is an index read of migration 0027's keys: the numbers' parts are ranges of their suffixes, the
 * names' words are picked from the words' dictionary, then found in the patients' arrays.
 */
function searchSql(
  terms: PatientSearchTerms,
  first: number,
): { where: string; whereParams: unknown[]; score: string; params: unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${first + params.length - 1}::text`;
  };
  const startsWith = (part: string) => `(part ~>=~ ${param(part)} AND part ~<~ ${param(prefixEnd(part))})`;
  const numberParts = [startsWith(terms.hospitalNumber)];
  if (terms.phoneDigits && terms.phoneDigits !== terms.hospitalNumber) numberParts.push(startsWith(terms.phoneDigits));
  const numbers = `id = ANY (ARRAY(SELECT patient_id FROM patient_number_parts WHERE ${numberParts.join(" OR ")}))`;

  const wordTests: string[] = [];
  const wordScores: string[] = [];
  for (const word of terms.words) {
    const w = param(word);
    // The register's words this one is a part of, or, when it is a part of none, those it is a small typo of (a
    // few, from the dictionary); then the patients whose names hold one of them (the array's index). A name
    // typed right finds the patients who have it, not every patient with a name a typo away from it.
    if (/^\p{N}+$/u.test(word)) {
      // A number among the names ("Twin 2") is a whole word: the part of a hospital number or phone is what it
      // means, not a part of a name, and no name is a small typo away from it.
      wordTests.push(`name_words && ARRAY[${w}]`);
      wordScores.push(`(name_words @> ARRAY[${w}])::int`);
      continue;
    }
    const part = param(`%${escapeLike(word)}%`);
    wordTests.push(
      `name_words && ARRAY(SELECT word FROM patient_name_words WHERE word LIKE ${part}
         UNION ALL SELECT word FROM patient_name_words
           WHERE ${w} <% word AND NOT EXISTS (SELECT FROM patient_name_words WHERE word LIKE ${part}))`,
    );
    wordScores.push(`(name_words @> ARRAY[${w}])::int`);
  }
  const names = wordTests.length > 0 ? wordTests.join(" AND ") : "false";
  const nameScore = wordScores.length > 0 ? `(${wordScores.join(" + ")}) / ${wordScores.length}.0` : "0";
  const where = `(${numbers} OR (${names}))`;
  const whereParams = [...params];
  // Scored on the rows found only: an exact hospital number first, then any part of one or of a phone, then
  // the names holding the most of the search's words whole (an array test, not a trigram comparison per
  // row: a common name finds hundreds), the newest registration first among equals.
  const exact = param(terms.hospitalNumber);
  const numberPart = param(`%${escapeLike(terms.hospitalNumber)}%`);
  const phonePart = terms.phoneDigits ? `phone LIKE ${param(`%${terms.phoneDigits}%`)}` : "false";
  return {
    where,
    whereParams,
    score: `CASE WHEN upper(hospital_number) = ${exact} THEN 3
                 WHEN upper(hospital_number) LIKE ${numberPart} OR ${phonePart} THEN 2 ELSE ${nameScore} END`,
    params,
  };
}

/**
 * For another module's search (the staff search): the condition on `patients` that the register's own
 * search makes for `q`, on parameters from $first on.
 */
export function registerMatch(q: string, first: number): { where: string; params: unknown[] } {
  const { where, whereParams } = searchSql(searchTerms(q), first);
  return { where, params: whereParams };
}

export class PatientsRepository {
  constructor(private readonly db: Database) {}

  /** Inserts a patient; a hospital number already registered (in any case) raises the unique violation. */
  async insert(tx: Queryable, input: PatientInput, staffId: number): Promise<PatientRecord> {
    const { rows } = await tx.query<PatientRecord>(
      `INSERT INTO patients (hospital_number, first_name, last_name, other_names, phone, email, language,
                             date_of_birth, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9, $9)
       RETURNING ${COLUMNS}`,
      [
        input.hospital_number,
        input.first_name,
        input.last_name,
        input.other_names,
        input.phone,
        input.email,
        input.language,
        input.date_of_birth,
        staffId,
      ],
    );
    return rows[0]!;
  }

  /** The patient, locked for a correction in `tx`. */
  async findForUpdate(tx: Queryable, id: number): Promise<PatientRecord | null> {
    const { rows } = await tx.query<PatientRecord>(`SELECT ${COLUMNS} FROM patients WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  /** The patient of a hospital number, whatever its letters' case. */
  async findByHospitalNumber(q: Queryable, hospitalNumber: string): Promise<PatientRecord | null> {
    const { rows } = await q.query<PatientRecord>(`SELECT ${COLUMNS} FROM patients WHERE upper(hospital_number) = upper($1)`, [
      hospitalNumber.trim(),
    ]);
    return rows[0] ?? null;
  }

  async findById(id: number, q: Queryable = this.db): Promise<PatientRecord | null> {
    const { rows } = await q.query<PatientRecord>(`SELECT ${COLUMNS} FROM patients WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Sets the given details; a hospital number another patient has raises the unique violation. */
  async correct(tx: Queryable, id: number, changes: Partial<PatientInput>, staffId: number): Promise<PatientRecord> {
    const sets: string[] = [];
    const params: unknown[] = [id, staffId];
    for (const [field, column] of Object.entries(CORRECTABLE) as Array<[keyof PatientInput, string]>) {
      if (changes[field] === undefined) continue;
      params.push(changes[field]);
      sets.push(`${column} = $${params.length}${column === "date_of_birth" ? "::date" : ""}`);
    }
    const { rows } = await tx.query<PatientRecord>(
      `UPDATE patients SET ${[...sets, "updated_by = $2", "updated_at = clock_timestamp()"].join(", ")}
       WHERE id = $1 RETURNING ${COLUMNS}`,
      params,
    );
    return rows[0]!;
  }

  /** The register's change count (migration 0032), for the searches of one event-loop round in one statement. */
  private readonly changeCount = new RoundBatch<null, number>(async (asks) => {
    const { rows } = await this.db.query<{ changes: number }>(`SELECT changes FROM patient_register_changes`, [], {
      prepare: true,
    });
    return asks.map(() => Number(rows[0]!.changes));
  });

  /** How many changes the register has committed (migration 0032), as of now. */
  changes(): Promise<number> {
    return this.changeCount.ask(null);
  }

  /**
   * One page of the patients the search finds, best matches first, how many it finds in all, and the
   * register's change count the page was read at: one statement, prepared (its text depends only on the
   * search's shape), counting with the page.
   */
  async search(
    terms: PatientSearchTerms,
    page: number,
    pageSize: number,
  ): Promise<{ count: number; rows: PatientRecord[]; changes: number }> {
    const { where, whereParams, score, params } = searchSql(terms, 1);
    const { rows } = await this.db.query<PatientRecord & { total: number | null; changes: number; score: number }>(
      `SELECT c.changes, m.total, m.score, ${COLUMNS} FROM patient_register_changes c
       LEFT JOIN LATERAL (
         SELECT id AS found, count(*) OVER ()::int AS total, ${score} AS score FROM patients WHERE ${where}
         ORDER BY score DESC, id DESC
         LIMIT $${params.length + 1} OFFSET $${params.length + 2}
       ) m ON true
       LEFT JOIN patients ON patients.id = m.found
       ORDER BY m.score DESC, m.found DESC`,
      [...params, pageSize, (page - 1) * pageSize],
      { prepare: true },
    );
    const changes = Number(rows[0]!.changes);
    const found = rows.filter((row) => row.id !== null);
    let count = found[0]?.total ?? undefined;
    if (count === undefined) {
      // No row on this page: nobody found, or a page past the last one, whose count is asked alone.
      count =
        page === 1
          ? 0
          : ((
              await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM patients WHERE ${where}`, whereParams, {
                prepare: true,
              })
            ).rows[0]?.n ?? 0);
    }
    return {
      count,
      changes,
      rows: found.map(({ total: _total, changes: _changes, score: _score, ...patient }) => patient),
    };
  }
}
