import { API_PATHS, type CreateStaffInput } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { staffUsersQueryKey } from "./get-staff-users";
import { answerDetail } from "./staff-query";
import { t } from "../../../i18n";
import { apiMessages as m } from "../messages";

/** POST /api/staff/users/: a staff account; the server e-mails a link to set the password. Answers its message. */
export async function createStaffUser(input: CreateStaffInput): Promise<string> {
  const answer = await api.post(API_PATHS.staffUsers, input, { auth: true });
  return answerDetail(answer, t(m.staffCreated, { email: input.email }));
}

export function useCreateStaffUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "create-user"],
    mutationFn: createStaffUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffUsersQueryKey }),
  });
}
