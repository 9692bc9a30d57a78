// A second, tiny entry that the build puts before the app's own on the pages behind a role guard
// (build-pages.ts): it runs as soon as the page is parsed, while the app's code is still downloading.
// For a signed-in visitor it requests the profile, which the guard needs first, and preloads the
// page's screens; a guest, whom the guard sends to /login, downloads neither.
import { startEarlyProfile } from "./lib/session/early-profile";
import { getToken } from "./lib/session/token";

if (getToken() !== null) {
  startEarlyProfile();
  // The page's screens, listed by the build (build-pages.ts SCREENS_META).
  const screens = document.querySelector<HTMLMetaElement>('meta[name="hospipay-screens"]')?.content.split(" ") ?? [];
  for (const href of screens.filter(Boolean)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }
}
