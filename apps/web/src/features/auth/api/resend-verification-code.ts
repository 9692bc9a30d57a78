import { API_PATHS, type DetailResponse, type VerificationChannel } from "@hospipay/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /resend-verification-code/: SPEC's `{email}`, or with `channel: "sms"` for the code by SMS. */
export async function resendVerificationCode(input: {
  email: string;
  channel?: VerificationChannel;
}): Promise<Partial<DetailResponse>> {
  return (await api.post<Partial<DetailResponse> | undefined>(API_PATHS.resendVerificationCode, input)) ?? {};
}

export function useResendVerificationCode() {
  return useMutation({ mutationKey: ["auth", "resend-verification-code"], mutationFn: resendVerificationCode });
}
