import { API_PATHS } from "@hospipay/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { api } from "../api-client";
import { clearSession, getToken } from "./session-store";

/** POST /auth/logout/: revokes the token on the server. */
export function logoutRequest(): Promise<unknown> {
  return api.post(API_PATHS.logout, undefined, { auth: true });
}

/**
 * Logs out: tells the server (its failure is ignored, the local session ends anyway), clears token,
 * user, every cached query and (with the session, lib/payer-caches.ts) the offline copies of receipts, then
 * goes to /login.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    if (getToken()) await logoutRequest().catch(() => undefined);
    clearSession();
    queryClient.clear();
    await navigate("/login", { replace: true });
  }, [queryClient, navigate]);
}
