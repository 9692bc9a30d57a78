import { API_PATHS, type LoginInput, type LoginResponse } from "@hospipay/contract";
import { useMutation } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";
import { parseSessionUser, type SessionUser } from "../../../lib/session/session-user";

/** A successful sign-in: the bearer token and the user's profile, as the session keeps it. */
export type LoginResult = Omit<LoginResponse, "user"> & { user: SessionUser };

/** POST /auth/login/ */
export async function login(input: LoginInput): Promise<LoginResult> {
  const body = (await api.post(API_PATHS.login, input)) as { access?: unknown; user?: unknown } | undefined;
  const user = parseSessionUser(body?.user);
  if (typeof body?.access !== "string" || body.access === "" || !user) throw new ApiError(500);
  return { access: body.access, user };
}

export function useLogin() {
  return useMutation({ mutationKey: ["auth", "login"], mutationFn: login });
}
