// Draws the web app's install icons (apps/web/public/icons/) from the Hospipay mark (a white cross on the
// brand's teal), rendered to PNG by Debian's Chromium. The PNGs are committed; run this again only when
// the mark changes: npx tsx scripts/pwa-icons.ts
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/support/whole-app";

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/web/public/icons");
const TEAL = "#0f766e";
const CROSS = "M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z";

/**
 * The mark on a 32-unit grid. "any": the rounded tile of the favicon. "full": the tile to the edges, for
 * icons the platform masks itself (maskable, Apple's touch icon); `inset` shrinks the cross so that it
 * stays inside the maskable safe zone (the centred circle of 80% of the width).
 */
function svg(size: number, shape: "any" | "full", inset = 1): string {
  const tile =
    shape === "any" ? `<rect width="32" height="32" rx="7" fill="${TEAL}"/>` : `<rect width="32" height="32" fill="${TEAL}"/>`;
  const scale = inset;
  const shift = (32 - 32 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">${tile}<path d="${CROSS}" fill="#fff" transform="translate(${shift} ${shift}) scale(${scale})"/></svg>`;
}

const icons = [
  { file: "icon-192.png", size: 192, markup: svg(192, "any") },
  { file: "icon-512.png", size: 512, markup: svg(512, "any") },
  { file: "maskable-512.png", size: 512, markup: svg(512, "full", 0.8) },
  { file: "apple-touch-icon-180.png", size: 180, markup: svg(180, "full", 0.85) },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${icon.markup}`,
    );
    await page.locator("svg").screenshot({ path: path.join(outDir, icon.file), omitBackground: true });
    console.log(`${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
