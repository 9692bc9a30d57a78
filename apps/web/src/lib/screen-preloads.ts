// The guarded pages' screens are preloaded by the boot entry (boot.ts) a few links a task. The app's first lazy
// import waits for the last of them: Vite's import helper lists the page's links once, at its first call, and
// adds a second link for each one not yet there.

let preloaded: Promise<void> = Promise.resolve();

/** Settles once the boot entry's preload links are all in the page (at once when there are none). */
export function screensPreloaded(): Promise<void> {
  return preloaded;
}

/** Called by the boot entry with the promise of its last preload link. */
export function setScreensPreloaded(done: Promise<void>): void {
  preloaded = done;
}
