import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Navigate, Outlet, useNavigate } from "react-router";
import { SkeletonCards } from "../../components/ui/skeleton-cards";
import { profileQueryOptions } from "../../lib/session/get-profile";
import { resolveGuard, type GuardName } from "../../lib/session/role-routing";
import { clearSession, useToken } from "../../lib/session/session-store";

/**
 * A route guard (SPEC §4). Without a token it sends the visitor to /login. With one it fetches the
 * profile, showing six skeleton cards until it arrives, then applies the role table. A failed profile
 * fetch, or a role the app does not know, ends the session silently and goes to /login.
 */
export function RequireRole({ guard }: { guard: GuardName }) {
  const token = useToken();
  if (token === null) return <Navigate to="/login" replace />;
  return <ProfileGate guard={guard} />;
}

function ProfileGate({ guard }: { guard: GuardName }) {
  // Fetched on every guarded page load, even when a profile is cached (e.g. right after login).
  const profile = useQuery({ ...profileQueryOptions(), refetchOnMount: "always" });
  if (profile.isError) return <SilentLogout />;
  if (profile.isPending) return <SkeletonCards />;
  const decision = resolveGuard(guard, profile.data.role);
  if (decision.allowed) return <Outlet />;
  // An unknown role keeps its token otherwise, and /login would bounce it straight back to /dashboard.
  if (decision.redirect === "/login") return <SilentLogout />;
  return <Navigate to={decision.redirect} replace />;
}

/** Clears token, user and cached queries without a message, then goes to /login. */
function SilentLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    clearSession();
    queryClient.removeQueries();
    void navigate("/login", { replace: true });
  }, [queryClient, navigate]);
  return <SkeletonCards />;
}
