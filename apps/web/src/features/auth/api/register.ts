import { API_PATHS, type RegisterInput, type RegisterResponse } from "@hospipay/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /auth/register/ → 201; the answer is read as partial (the screen falls back to the e-mail typed). */
export async function register(input: RegisterInput): Promise<Partial<RegisterResponse>> {
  return (await api.post<Partial<RegisterResponse> | undefined>(API_PATHS.register, input)) ?? {};
}

export function useRegister() {
  return useMutation({ mutationKey: ["auth", "register"], mutationFn: register });
}
