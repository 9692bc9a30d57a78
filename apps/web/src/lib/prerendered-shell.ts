/**
 * A signed-in page's frame rendered at build time (build-pages.ts `shell`): the staff dashboards' header and
 * heading, with the content of the desk's screens, which the browser shows before any script has run. It sits beside #root, inert (a picture of the
 * page, not yet usable), and stays while the guard waits for the profile; the first render of anything else
 * (the page itself, /login, another role's page) takes it away in the same frame.
 */
export const SHELL_ID = "signed-in-shell";

/** Whether the prerendered frame is still on screen. */
export function hasPrerenderedShell(): boolean {
  return typeof document !== "undefined" && document.getElementById(SHELL_ID) !== null;
}

/** Removes the prerendered frame, if it is there. */
export function dropPrerenderedShell(): void {
  if (typeof document !== "undefined") document.getElementById(SHELL_ID)?.remove();
}
