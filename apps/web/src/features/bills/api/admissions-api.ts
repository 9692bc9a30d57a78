import {
  API_PATHS,
  admissionAnswerSchema,
  admissionDetailSchema,
  admissionListSchema,
  type Admission,
  type AdmissionDetail,
} from "@hospipay/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { t } from "../../../i18n";
import { admissionsMessages as m } from "../admissions.messages";
import { BillsError, billsRetry } from "./bills-error";
import { staffBillsQueryKey } from "./get-bills";

/** Under the bills' key: a stay's bill and its deposits are read again with it, and the other way round. */
const admissionsKey = [...staffBillsQueryKey, "admissions"] as const;

/** GET /api/staff/admissions/: the patients in the wards, or the last discharged. */
export function useAdmissions(status: "current" | "discharged") {
  return useQuery({
    queryKey: [...admissionsKey, status],
    queryFn: async ({ signal }): Promise<Admission[]> => {
      const path = `${API_PATHS.staffAdmissions}?status=${status}`;
      const parsed = admissionListSchema.safeParse(await api.get(path, { auth: true, signal }));
      if (!parsed.success) throw new BillsError(t(m.loadFailed));
      return parsed.data.results;
    },
    retry: billsRetry,
  });
}

/** GET /api/staff/admissions/{id}/: a stay with its bill; nothing asked while `id` is null. */
export function useAdmission(id: number | null) {
  return useQuery({
    queryKey: [...admissionsKey, "stay", id],
    queryFn: async ({ signal }): Promise<AdmissionDetail> => {
      const parsed = admissionDetailSchema.safeParse(await api.get(API_PATHS.staffAdmission(id!), { auth: true, signal }));
      if (!parsed.success) throw new BillsError(t(m.loadFailed));
      return parsed.data;
    },
    enabled: id !== null,
    retry: billsRetry,
  });
}

/** Admitting, adding lines, discharging: `{detail, admission, bill}`; the stay is written in, the rest read again. */
export function useAdmissionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ path, body }: { path: string; body: unknown }) => {
      const parsed = admissionAnswerSchema.safeParse(await api.post(path, body, { auth: true }));
      if (!parsed.success) throw new BillsError(t(m.unread));
      return parsed.data;
    },
    onSuccess: (answer) => {
      const { detail: _detail, ...stay } = answer;
      queryClient.setQueryData([...admissionsKey, "stay", answer.admission.id], stay);
      void queryClient.invalidateQueries({ queryKey: staffBillsQueryKey });
    },
  });
}
