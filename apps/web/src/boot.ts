// A second, tiny entry that the build puts before the app's own on the pages behind a role guard
// (build-pages.ts): it runs as soon as the page is parsed, while the app's code is still downloading.
// For a signed-in visitor it requests the profile, which the guard needs first, and the page's own first
// data, and preloads the page's screens; a guest, whom the guard sends to /login, gets none of them.
import { DEFAULT_LOCALE, STORAGE_KEYS, watDay } from "@hospipay/contract";
import { dropPrerenderedShell } from "./lib/prerendered-shell";
import { setScreensPreloaded } from "./lib/screen-preloads";
import { startEarlyProfile, startEarlyRequest } from "./lib/session/early-profile";
import { WAT_TODAY_SLOT } from "./lib/session/early-slots";
import { getToken } from "./lib/session/token";
import { readRaw } from "./lib/storage";

/** How many preload links are inserted in one task. */
const LINKS_PER_TASK = 5;

/**
 * Inserts a `<link rel="modulepreload">` for each of `hrefs`, in their order, LINKS_PER_TASK a task: the
 * browser's work for each inserted link made one long task of a page's forty or more (45 links: 100–150 ms at
 * a phone's 4× slower CPU). Settles once the last is in.
 */
function preloadScreens(hrefs: readonly string[]): Promise<void> {
  return new Promise((resolve) => {
    const insert = (from: number) => {
      document.head.append(
        ...hrefs.slice(from, from + LINKS_PER_TASK).map((href) => {
          const link = document.createElement("link");
          link.rel = "modulepreload";
          link.crossOrigin = "";
          link.href = href;
          return link;
        }),
      );
      if (from + LINKS_PER_TASK < hrefs.length) setTimeout(() => insert(from + LINKS_PER_TASK), 0);
      else resolve();
    };
    insert(0);
  });
}

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
  for (const path of listed("hospipay-requests"))
    startEarlyRequest(path.replace(WAT_TODAY_SLOT, watDay(new Date().toISOString())));
  // The page's screens (build-pages.ts SCREENS_META).
  setScreensPreloaded(preloadScreens(listed("hospipay-screens")));
}
