import { API_PATHS, type EmailOnlyInput, type MessageResponse } from "@hospipay/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /auth/forgot-password/: the answer gives `message`. */
export async function forgotPassword(input: EmailOnlyInput): Promise<Partial<MessageResponse>> {
  return (await api.post<Partial<MessageResponse> | undefined>(API_PATHS.forgotPassword, input)) ?? {};
}

export function useForgotPassword() {
  return useMutation({ mutationKey: ["auth", "forgot-password"], mutationFn: forgotPassword });
}
