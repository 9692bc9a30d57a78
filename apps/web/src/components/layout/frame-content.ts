import { createContext } from "react";
import { SHELL_ID } from "../../lib/prerendered-shell";

/** The attribute of a frame that shows the page's content as well (build-pages.ts). */
export const CONTENT_ATTRIBUTE = "data-content";

/**
 * Whether the signed-in frame being prerendered (prerender.tsx renderShell) shows the page's content as well
 * as its header and heading (build-pages.ts `shell: "content"`). Only the build provides it.
 */
export const FrameContent = createContext(false);

/**
 * Whether the prerendered frame on screen shows the page's content too (build-pages.ts `shell: "content"`): the
 * page then renders its content in its first pass, so that the content does not leave the screen for a moment.
 */
export function hasPrerenderedContent(): boolean {
  return typeof document !== "undefined" && document.getElementById(SHELL_ID)?.hasAttribute(CONTENT_ATTRIBUTE) === true;
}
