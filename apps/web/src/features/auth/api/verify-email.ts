import { API_PATHS, type VerifyEmailInput } from "@hospipay/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /verify-email/ */
export async function verifyEmail(input: VerifyEmailInput): Promise<{ detail?: string }> {
  return (await api.post<{ detail?: string } | undefined>(API_PATHS.verifyEmail, input)) ?? {};
}

export function useVerifyEmail() {
  return useMutation({ mutationKey: ["auth", "verify-email"], mutationFn: verifyEmail });
}
