// A second, tiny entry that the build puts before the app's own on the pages behind a role guard
// (build-pages.ts): it runs as soon as the page is parsed, while the app's code is still downloading.
// For a signed-in visitor it requests the profile, which the guard needs first, and the page's own first
// data, and preloads the page's screens; a guest, whom the guard sends to /login, gets none of them.
import { DEFAULT_LOCALE, STORAGE_KEYS } from "@hospipay/contract";
import { dropPrerenderedShell } from "./lib/prerendered-shell";
import { preloadScreens } from "./lib/screen-preloads";
import { startEarlyProfile, startEarlyRequest } from "./lib/session/early-profile";
import { getToken } from "./lib/session/token";
import { readRaw } from "./lib/storage";

/** A list the build put in the page's <meta name=…> (build-pages.ts), space-separated. */
function listed(name: string): string[] {
  return (document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.split(" ") ?? []).filter(Boolean);
}

// The prerendered frame (lib/prerendered-shell.ts) is a signed-in visitor's, in English: a guest, whom the
// guard sends to /login, and a visitor who chose another language never see it.
const locale = readRaw(STORAGE_KEYS.locale);
if (getToken() === null || (locale !== null && locale !== DEFAULT_LOCALE)) dropPrerenderedShell();

if (getToken() !== null) {
  startEarlyProfile();
  // The API paths the page's screen requests on its first render (build-pages.ts REQUESTS_META), in parallel.
  for (const path of listed("hospipay-requests")) startEarlyRequest(path);
  // The page's screens (build-pages.ts SCREENS_META).
  preloadScreens(listed("hospipay-screens"));
}
