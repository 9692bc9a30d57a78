import { API_PATHS, patientListResponseSchema, patientResponseSchema, type Patient, type PatientList } from "@hospipay/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, apiRequest } from "../api-client";

/** Patients a page of the register's search. */
export const PATIENT_PAGE_SIZE = 20;

/** Keys of the register's queries: a registration or a correction refreshes them all. */
export const patientsQueryKey = ["staff", "patients"] as const;

/** An answer the screen cannot read: another attempt would not help. */
export class PatientsAnswerError extends Error {
  constructor() {
    super("unreadable answer");
    this.name = "PatientsAnswerError";
  }
}

/** The body of a registration or a correction, as a form sends it. */
export interface PatientBody {
  hospital_number: string;
  first_name: string;
  last_name: string;
  other_names: string;
  phone: string;
  email: string;
  language: string;
  date_of_birth: string;
}

/** GET /api/staff/patients/?q=&page=: the register's patients matching `q`, best first. */
export async function searchPatients(q: string, page: number, signal?: AbortSignal): Promise<PatientList> {
  const body = await api.get(API_PATHS.staffPatients, { auth: true, query: { q, page, page_size: PATIENT_PAGE_SIZE }, signal });
  const parsed = patientListResponseSchema.safeParse(body);
  if (!parsed.success) throw new PatientsAnswerError();
  return parsed.data;
}

/** Retries once after a network or server failure; a 4xx or an unreadable answer is final. */
function retry(failureCount: number, error: unknown): boolean {
  if (error instanceof PatientsAnswerError) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** The search of `q` (already checked), page `page`; nothing is asked while `q` is null. */
export function usePatientSearch(q: string | null, page = 1) {
  return useQuery({
    queryKey: [...patientsQueryKey, q, page],
    queryFn: ({ signal }) => searchPatients(q!, page, signal),
    enabled: q !== null,
    placeholderData: keepPreviousData,
    retry,
  });
}

function patientFrom(answer: unknown): { detail: string; patient: Patient } {
  const parsed = patientResponseSchema.safeParse(answer);
  if (!parsed.success) throw new PatientsAnswerError();
  return parsed.data;
}

/** POST /api/staff/patients/ → 201 `{detail, patient}`; PATCH /api/staff/patients/{id}/ → 200 the same. */
export function useSavePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: Partial<PatientBody> }) =>
      patientFrom(
        id === null
          ? await api.post(API_PATHS.staffPatients, body, { auth: true })
          : await apiRequest(API_PATHS.staffPatient(id), { method: "PATCH", body, auth: true }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientsQueryKey }),
  });
}
