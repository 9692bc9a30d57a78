import { API_PATHS, type DetailResponse, type VerifyEmailInput } from "@hospipay/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /verify-email/ */
export async function verifyEmail(input: VerifyEmailInput): Promise<Partial<DetailResponse>> {
  return (await api.post<Partial<DetailResponse> | undefined>(API_PATHS.verifyEmail, input)) ?? {};
}

export function useVerifyEmail() {
  return useMutation({ mutationKey: ["auth", "verify-email"], mutationFn: verifyEmail });
}
