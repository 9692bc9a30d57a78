// The guarded pages' screens, preloaded by the boot entry (boot.ts) before the app's code has run. The
// browser's work for each inserted preload link made one long task of a page's forty or more (45 links:
// 100–150 ms at a phone's 4× slower CPU), so they are inserted a few a task. The app's first lazy import
// waits for the last of them: Vite's import helper lists the page's links once, at its first call, and adds
// a second link for each one not yet there.

/** How many preload links are inserted in one task. */
const LINKS_PER_TASK = 5;

let linked: Promise<void> = Promise.resolve();

/** Inserts a `<link rel="modulepreload">` for each of `hrefs`, LINKS_PER_TASK a task, in their order. */
export function preloadScreens(hrefs: readonly string[]): void {
  linked = new Promise((resolve) => {
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

/** Settles once every link preloadScreens was given is in the page (at once when it was not called). */
export function screensPreloaded(): Promise<void> {
  return linked;
}
