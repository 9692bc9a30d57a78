import { API_PATHS, type StaffDesk, type StaffDeskInput } from "@hospipay/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "../../../lib/api-client";
import { t } from "../../../i18n";
import { answerDetail } from "./staff-query";
import { staffDeskMessages as m } from "../messages";

const deskQueryKey = (id: number) => ["staff", "desk", id] as const;

/** GET /api/staff/users/{id}/desk/ (super admins): a member's departments and desk rights. */
export function useStaffDesk(id: number) {
  return useQuery({
    queryKey: deskQueryKey(id),
    queryFn: ({ signal }) => api.get<StaffDesk>(API_PATHS.staffDesk(id), { auth: true, signal }),
    retry: false,
    staleTime: 0,
  });
}

/** PUT /api/staff/users/{id}/desk/: the member's whole desk, replaced. Answers the server's message. */
export async function setStaffDesk({ id, ...body }: StaffDeskInput & { id: number }): Promise<string> {
  const answer = await apiRequest(API_PATHS.staffDesk(id), { method: "PUT", body, auth: true });
  return answerDetail(answer, t(m.saved));
}

export function useSetStaffDesk(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "set-desk", id],
    mutationFn: setStaffDesk,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskQueryKey(id) }),
  });
}
