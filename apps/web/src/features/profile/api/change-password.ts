import { API_PATHS, type ChangePasswordInput } from "@hospipay/contract";
import { useMutation } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";
import { replaceToken } from "../../../lib/session/session-store";

/**
 * POST /auth/profile/change-password/. The server revokes every older token and answers a fresh one,
 * which replaces this session's token (other sessions are signed out).
 */
export async function changePassword(input: ChangePasswordInput): Promise<string> {
  const body = (await api.post(API_PATHS.changePassword, input, { auth: true })) as
    { detail?: unknown; access?: unknown } | undefined;
  if (typeof body?.access !== "string" || body.access === "") throw new ApiError(500);
  replaceToken(body.access);
  return typeof body.detail === "string" ? body.detail : "";
}

export function useChangePassword() {
  return useMutation({ mutationKey: ["profile", "change-password"], mutationFn: changePassword });
}
