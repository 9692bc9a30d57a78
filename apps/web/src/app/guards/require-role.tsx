import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useDeferredValue, useEffect, useLayoutEffect } from "react";
import { Navigate, Outlet, useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { SkeletonCards } from "../../components/ui/skeleton-cards";
import { t } from "../../i18n";
import { isNetworkFailure } from "../../lib/api-client";
import { dropPrerenderedShell, hasPrerenderedShell } from "../../lib/prerendered-shell";
import { profileQueryOptions } from "../../lib/session/get-profile";
import { resolveGuard, type GuardName } from "../../lib/session/role-routing";
import { clearSession, useToken } from "../../lib/session/session-store";
import { appMessages as m } from "../messages";

/**
 * A route guard (SPEC §4). Without a token it sends the visitor to /login. With one it fetches the
 * profile, showing six skeleton cards until it arrives, then applies the role table. A profile fetch the
 * server refused or could not answer, or a role the app does not know, ends the session silently and goes
 * to /login. A fetch that got no answer at all (offline, the server unreachable) keeps the session: the
 * page says it needs a connection and loads once the connection is back. Where the build prerendered the
 * page's frame (lib/prerendered-shell.ts), that frame is the waiting state instead of the cards, and
 * whatever follows the wait replaces it.
 */
export function RequireRole({ guard }: { guard: GuardName }) {
  const token = useToken();
  if (token === null) return <Navigate to="/login" replace />;
  return <ProfileGate guard={guard} />;
}

function ProfileGate({ guard }: { guard: GuardName }) {
  // Fetched on every guarded page load, even when a profile is cached (e.g. right after login).
  const profile = useQuery({ ...profileQueryOptions(), refetchOnMount: "always" });
  // The page is rendered in the background once the profile is in: a deferred value renders in slices,
  // between which the browser paints and answers input. The answer itself comes in React's synchronous
  // lane (the query store), where rendering the page with it would be one long task on a phone.
  const role = useDeferredValue(profile.data?.role, undefined);
  const waiting = profile.isPending || (role === undefined && !profile.isError);
  useLayoutEffect(() => {
    if (!waiting) dropPrerenderedShell();
  }, [waiting]);
  if (profile.isError) {
    if (isNetworkFailure(profile.error))
      return <NeedsConnection onRetry={() => void profile.refetch()} busy={profile.isFetching} />;
    return <SilentLogout />;
  }
  if (waiting || role === undefined) return hasPrerenderedShell() ? null : <SkeletonCards />;
  const decision = resolveGuard(guard, role);
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

/** A guarded page whose profile could not be fetched for want of a connection: the session stays. */
function NeedsConnection({ onRetry, busy }: { onRetry: () => void; busy: boolean }) {
  useEffect(() => {
    window.addEventListener("online", onRetry);
    return () => window.removeEventListener("online", onRetry);
  }, [onRetry]);
  return (
    <main className="mx-auto max-w-lg px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t(m.offlineTitle)}</h1>
      <p className="mt-3 text-slate-700">{t(m.offlineBody)}</p>
      <Button className="mt-8" onClick={onRetry} busy={busy}>
        {t(m.offlineRetry)}
      </Button>
    </main>
  );
}
