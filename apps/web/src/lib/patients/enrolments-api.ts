import { API_PATHS, enrolmentListSchema, type Enrolment } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../api-client";
import { patientsQueryKey } from "./patients-api";

/** An answer that cannot be read: another attempt would not help. */
export class EnrolmentsAnswerError extends Error {
  constructor() {
    super("unreadable answer");
    this.name = "EnrolmentsAnswerError";
  }
}

/** GET /api/staff/patients/{id}/enrolments/: the patient's HMO enrolments, newest first (issue 37). */
export async function getEnrolments(patientId: number, signal?: AbortSignal): Promise<Enrolment[]> {
  const parsed = enrolmentListSchema.safeParse(
    await api.get(API_PATHS.staffPatientEnrolments(patientId), { auth: true, signal }),
  );
  if (!parsed.success) throw new EnrolmentsAnswerError();
  return parsed.data.results;
}

/**
 * The HMO enrolment the patient has today (WAT), which a bill raised now is split by; null when none is
 * valid today. Nothing is asked while `patientId` is null.
 */
export function useCurrentEnrolment(patientId: number | null) {
  return useQuery({
    queryKey: [...patientsQueryKey, patientId, "enrolments"],
    queryFn: ({ signal }) => getEnrolments(patientId!, signal),
    enabled: patientId !== null,
    select: (enrolments): Enrolment | null => enrolments.find((enrolment) => enrolment.current) ?? null,
    retry: (failureCount, error) =>
      !(error instanceof EnrolmentsAnswerError) && !(error instanceof ApiError && error.status < 500) && failureCount < 1,
  });
}
