import { API_PATHS, type EmailOnlyInput } from "@hospipay/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /resend-verification-code/ */
export async function resendVerificationCode(input: EmailOnlyInput): Promise<{ detail?: string }> {
  return (await api.post<{ detail?: string } | undefined>(API_PATHS.resendVerificationCode, input)) ?? {};
}

export function useResendVerificationCode() {
  return useMutation({ mutationKey: ["auth", "resend-verification-code"], mutationFn: resendVerificationCode });
}
