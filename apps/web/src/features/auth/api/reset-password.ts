import { API_PATHS, type DetailResponse, type ResetPasswordInput } from "@hospipay/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /auth/reset-password/ (beyond SPEC: completes the e-mailed link). */
export async function resetPassword(input: ResetPasswordInput): Promise<Partial<DetailResponse>> {
  return (await api.post<Partial<DetailResponse> | undefined>(API_PATHS.resetPassword, input)) ?? {};
}

export function useResetPassword() {
  return useMutation({ mutationKey: ["auth", "reset-password"], mutationFn: resetPassword });
}
