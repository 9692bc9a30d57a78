import { API_PATHS, type UpdateUserInput } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { staffUsersQueryKey } from "./get-staff-users";
import { answerDetail } from "./staff-query";
import { t } from "../../../i18n";
import { apiMessages as m } from "../messages";

/** PATCH /api/staff/users/{id}/ with a new role or is_active. Answers the server's message. */
export async function updateStaffUser({ id, ...body }: UpdateUserInput & { id: number }): Promise<string> {
  const answer = await apiRequest(API_PATHS.staffUser(id), { method: "PATCH", body, auth: true });
  return answerDetail(answer, t(m.accountUpdated));
}

export function useUpdateStaffUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "update-user"],
    mutationFn: updateStaffUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffUsersQueryKey }),
  });
}
