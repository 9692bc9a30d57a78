import { API_PATHS, type ResetPasswordInput } from "@hospipay/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /auth/reset-password/ (beyond SPEC: completes the e-mailed link). */
export async function resetPassword(input: ResetPasswordInput): Promise<{ detail?: string }> {
  return (await api.post<{ detail?: string } | undefined>(API_PATHS.resetPassword, input)) ?? {};
}

export function useResetPassword() {
  return useMutation({ mutationKey: ["auth", "reset-password"], mutationFn: resetPassword });
}
