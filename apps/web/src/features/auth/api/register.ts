import { API_PATHS, type RegisterInput } from "@hospipay/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Answer of POST /auth/register/ (201). */
export interface RegisterResult {
  detail?: string;
  email?: string;
}

/** POST /auth/register/ */
export async function register(input: RegisterInput): Promise<RegisterResult> {
  return (await api.post<RegisterResult | undefined>(API_PATHS.register, input)) ?? {};
}

export function useRegister() {
  return useMutation({ mutationKey: ["auth", "register"], mutationFn: register });
}
