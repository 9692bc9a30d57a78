import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { preloadRoute } from "./app/routes";
import { activateLocale } from "./i18n/intl";
import { getLocale } from "./i18n/locale-store";
import { startTabSession } from "./lib/payer-caches";
import { getToken } from "./lib/session/session-store";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The page's screens first (the page's HTML has already fetched their code), so that the first render
// needs no loading stand-in and a prerendered page is hydrated in one pass.
// A language other than English loads its catalog before the first render; the prerendered HTML is in
// English, so that page is rendered afresh rather than hydrated. A guest's new tab first removes the offline
// receipts of an earlier session (lib/payer-caches.ts), so that no screen reads them.
const locale = getLocale();
const tabSession = startTabSession().catch(() => undefined);
void Promise.all([preloadRoute(window.location.pathname), activateLocale(locale), tabSession]).then(() => {
  // As a transition, the first render (or hydration) is done in slices that leave the browser free to
  // paint and answer input in between, instead of one long task.
  startTransition(() => {
    // Pages prerendered at build time (vite.config.ts) arrive with a guest's view in #root: a guest's
    // browser hydrates it; a signed-in visitor's gets a fresh render, since their screens differ from it.
    if (container.firstElementChild && getToken() === null && locale === "en") hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
});

// The service worker (offline shell, catalogue, receipts) once the page has loaded, from a chunk of its
// own: nothing of it is part of the first download or competes with it. The development server has none.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  const register = () => void import("./lib/register-service-worker").then((module) => module.registerServiceWorker());
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
