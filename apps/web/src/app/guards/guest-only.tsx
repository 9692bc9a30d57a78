import { useState } from "react";
import { Navigate, Outlet } from "react-router";
import { getToken } from "../../lib/session/session-store";

/**
 * /login for visitors only: a signed-in user opening it goes to /dashboard (SPEC §2). The token is read
 * once, when the page opens, so that signing in on this page follows the post-login destination instead.
 */
export function GuestOnly() {
  const [signedIn] = useState(() => getToken() !== null);
  return signedIn ? <Navigate to="/dashboard" replace /> : <Outlet />;
}
