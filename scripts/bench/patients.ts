// The patient register at the bench's size (issue 36): PATIENTS patients, topped up with one set-based INSERT
// (kept between runs), and the searches the desk types, for the "patient search" scenario of npm run bench.
import type { Database } from "../../apps/api/src/db/database";

/** Patients the bench's register holds. */
export const PATIENTS = 200_000;

// Names as a Nigerian register holds them: common first and last names of the three largest groups, each
// name in about 2 % of the register and each first-and-last pair in about 70 of its 200,000 patients.
const FIRST = [
  "Chioma",
  "Ngozi",
  "Emeka",
  "Tunde",
  "Aisha",
  "Ibrahim",
  "Funmilayo",
  "Obinna",
  "Zainab",
  "Chukwudi",
  "Halima",
  "Segun",
  "Adaeze",
  "Bisi",
  "Kemi",
  "Yusuf",
  "Fatima",
  "Chinedu",
  "Ifeoma",
  "Olumide",
  "Amaka",
  "Musa",
  "Hauwa",
  "Tobi",
  "Uchenna",
  "Bukola",
  "Sani",
  "Nneka",
  "Femi",
  "Maryam",
  "Ikenna",
  "Yetunde",
  "Abdullahi",
  "Chiamaka",
  "Dayo",
  "Khadija",
  "Nkechi",
  "Gbenga",
  "Aminu",
  "Ebere",
  "Wale",
  "Safiya",
  "Obiageli",
  "Kunle",
  "Umar",
  "Adanna",
  "Bola",
  "Nasiru",
];
const LAST = [
  "Okafor",
  "Adeyemi",
  "Bello",
  "Nwosu",
  "Abubakar",
  "Eze",
  "Ogunleye",
  "Musa",
  "Okonkwo",
  "Balogun",
  "Danjuma",
  "Ike",
  "Adebayo",
  "Okeke",
  "Lawal",
  "Nwachukwu",
  "Afolabi",
  "Usman",
  "Obi",
  "Ogundipe",
  "Yakubu",
  "Chukwu",
  "Olawale",
  "Garba",
  "Onyekachi",
  "Adewale",
  "Suleiman",
  "Nnaji",
  "Oyelaran",
  "Aliyu",
  "Uzor",
  "Akinola",
  "Mohammed",
  "Anozie",
  "Fashola",
  "Ibrahim",
  "Ezeani",
  "Ojo",
  "Haruna",
  "Okoro",
  "Babatunde",
  "Idris",
  "Nwankwo",
  "Oladipo",
  "Shehu",
  "Ugwu",
  "Ajayi",
  "Sani",
  "Onuoha",
  "Ayodele",
  "Isa",
  "Madu",
  "Oyebanji",
  "Tijani",
  "Agbo",
  "Olaniyan",
  "Kabiru",
  "Obiora",
  "Adeleke",
  "Dauda",
];
const OTHER = ["", "Adaeze", "Oluwaseun", "Amina", "Chiamaka", "Babatunde", "", "Ngozi", "Temitope", "", "Hadiza", "Ifeanyi"];

/** The hospital number of the n-th bench patient: "BENCH/2026/0000042". */
const hospitalNumber = (n: number) => `BENCH/2026/${String(n).padStart(7, "0")}`;

/** Tops the register up to PATIENTS bench patients in one statement, registered by `staffId`; returns how many it added. */
export async function seedPatients(db: Database, staffId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM patients WHERE hospital_number LIKE 'BENCH/%'");
  const have = rows[0]?.n ?? 0;
  if (have >= PATIENTS) return 0;
  const started = Date.now();
  await db.query(
    `INSERT INTO patients (hospital_number, first_name, last_name, other_names, phone, email, language, date_of_birth,
                           created_by, updated_by)
     SELECT 'BENCH/2026/' || lpad(n::text, 7, '0'),
            ($2::text[])[1 + n % cardinality($2::text[])],
            ($3::text[])[1 + (n / 7) % cardinality($3::text[])],
            ($4::text[])[1 + (n / 3) % cardinality($4::text[])],
            '080' || lpad(((n * 7919) % 100000000)::text, 8, '0'),
            '',
            (ARRAY['en', 'ha', 'yo', 'ig', 'pcm'])[1 + n % 5],
            date '1940-01-01' + (n % 30000),
            $1, $1
     FROM generate_series($5::int, $6::int) AS n`,
    [staffId, FIRST, LAST, OTHER, have + 1, PATIENTS],
  );
  // The visibility map and statistics of the register and its search keys (the triggers filled them).
  await db.exec("VACUUM (ANALYZE) patients, patient_number_parts, patient_name_words");
  console.log(`  registered ${PATIENTS - have} bench patients in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return PATIENTS - have;
}

/**
 * What the desk types, in turn: a part of a hospital number (its last digits), a part of a phone, a whole
 * number, and two names in either order, some with a letter missing or changed.
 */
export function patientSearches(): string[] {
  const searches: string[] = [];
  for (let i = 0; i < 64; i += 1) {
    const n = 1 + ((i * 3119) % PATIENTS);
    const first = FIRST[n % FIRST.length]!;
    const last = LAST[Math.floor(n / 7) % LAST.length]!;
    searches.push(
      hospitalNumber(n).slice(-5),
      `080${String((n * 7919) % 100000000).padStart(8, "0")}`.slice(4, 10),
      hospitalNumber(n),
      `${first} ${last}`,
      `${last.toLowerCase()} ${first.slice(0, -1)}`,
    );
  }
  return searches;
}

/**
 * The n-th of searches that do not repeat within a run (for "patient search (new searches)", which the
 * answers kept by the API cannot serve): the last six digits of a hospital number, seven digits of a
 * phone, a whole number, and a patient's two names in either order with one letter left out, each of another
 * patient in turn.
 */
export function newPatientSearch(n: number): string {
  const k = Math.floor(n / 5);
  const p = 1 + ((k * 7919) % PATIENTS);
  const first = FIRST[p % FIRST.length]!;
  const last = LAST[Math.floor(p / 7) % LAST.length]!;
  const dropLetter = (word: string) => {
    const at = 1 + (k % (word.length - 1));
    return word.slice(0, at) + word.slice(at + 1);
  };
  switch (n % 5) {
    case 0:
      return hospitalNumber(p).slice(-6);
    case 1:
      return `080${String((p * 7919) % 100000000).padStart(8, "0")}`.slice(3, 10);
    case 2:
      return hospitalNumber(p);
    case 3:
      return `${dropLetter(first)} ${last}`;
    default:
      return `${last.toLowerCase()} ${dropLetter(first.toLowerCase())}`;
  }
}
