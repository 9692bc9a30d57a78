import { API_PATHS } from "@hospipay/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "../api-client";
import { takeEarlyProfile } from "./early-profile";
import { setStoredUser } from "./session-store";
import { parseSessionUser, type SessionUser } from "./session-user";

/** Query key of the signed-in user's profile. */
export const profileQueryKey = ["session", "profile"] as const;

/** GET /auth/profile/: the signed-in user; the fresh copy is also kept in storage (SPEC §4). */
export async function getProfile(signal?: AbortSignal): Promise<SessionUser> {
  const body = await (takeEarlyProfile() ?? api.get(API_PATHS.profile, { auth: true, signal }));
  const user = parseSessionUser(body);
  // A 200 without a usable profile is treated like any other failure: the guard logs out.
  if (!user) throw new ApiError(500);
  setStoredUser(user);
  return user;
}

/** The profile query. Failures are final: the guard turns them into a silent logout. */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getProfile(signal),
    // A dropped connection gets one more try before the user is logged out; an answer from the server is final.
    retry: (failureCount, error) => error instanceof ApiError && error.status === 0 && failureCount < 1,
  });
}

/**
 * The signed-in user, for screens rendered inside a guard (which has already loaded it).
 * Undefined outside a guard when no profile is cached.
 */
export function useCurrentUser(): SessionUser | undefined {
  return useQuery({ ...profileQueryOptions(), enabled: false }).data;
}
