// A build step (issue 8): after the client build, writes one HTML file per known page into dist/pages/
// and compresses every text file of dist/ for the API's static serving (apps/api web.routes.ts).
//   - Each page's file is index.html plus <link rel="modulepreload"> for the chunks of that page's
//     lazy screens, so the browser fetches them with the entry instead of after it has run. A page
//     behind a role guard lists them in a <meta> instead, and gets the boot entry (src/boot.ts), which
//     preloads them and requests the profile at once when a session is stored, with the API requests
//     the page's screen makes first (another <meta>), so that they do not wait for the app's code.
//   - Pages marked `prerender` also get a guest's view of the page in #root, rendered by
//     src/prerender.tsx through an SSR build of their own (deleted afterwards), so that the text is on
//     screen before any JavaScript has run; main.tsx hydrates it.
//   - Every .html, .js, .css, .svg, .json and .wasm file gets .br and .gz siblings (brotli 11, gzip 9).
import { readdir, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build, type Manifest, type Plugin, type ResolvedConfig } from "vite";
import { CONTENT_ATTRIBUTE } from "./src/components/layout/frame-content.ts";
import { SHELL_ID } from "./src/lib/prerendered-shell.ts";

export interface PageSpec {
  /** The URL path, as in app/routes.tsx. */
  path: string;
  /** Source files (relative to the web app's root) of the lazy screens and layouts this page shows. */
  screens: string[];
  /** Render a guest's view of the page into the HTML. */
  prerender?: boolean;
  /**
   * Render the signed-in page's frame (the prerender entry's renderShell) into the HTML beside #root, for a
   * signed-in visitor's browser to show before any script (src/lib/prerendered-shell.ts). Guarded pages only.
   * `"content"`: the frame shows the screen's content too, as it is before any answer (a desk screen, whose
   * largest paint is its content, not its heading).
   */
  shell?: boolean | "content";
  /** A page behind a role guard: it also gets the boot entry, which requests the profile at once. */
  guarded?: boolean;
  /** API paths (bearer GETs) a guarded page's screen requests on its first render: the boot entry starts them with the profile. */
  requests?: string[];
}

const COMPRESSIBLE = /\.(html|js|css|svg|json|wasm)$/;

/** The <meta> name under which a guarded page lists its screens' chunks (read by src/boot.ts). */
export const SCREENS_META = "hospipay-screens";
/** The <meta> name under which a guarded page lists the API requests its screen makes first (read by src/boot.ts). */
export const REQUESTS_META = "hospipay-requests";

/** The file a page's HTML is written to: / → pages/index.html, /profile/edit → pages/profile/edit.html. */
export function pageFile(urlPath: string): string {
  return path.posix.join("pages", urlPath === "/" ? "index.html" : `${urlPath.replace(/^\/+/, "")}.html`);
}

/** The chunks `screens` need that the entry has not already asked for, in load order. */
function chunksFor(manifest: Manifest, screens: string[], alreadyLoaded: Set<string>): string[] {
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`build-pages: ${key} is not in Vite's manifest (moved or renamed? update vite.config.ts)`);
    for (const imported of chunk.imports ?? []) visit(imported);
    if (!alreadyLoaded.has(chunk.file) && !files.includes(chunk.file)) files.push(chunk.file);
  };
  for (const screen of screens) visit(screen);
  return files;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `.br` and `.gz` siblings of every compressible file under `dir`. */
async function compressAll(dir: string): Promise<void> {
  for (const file of await filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.`)) continue;
    const body = await readFile(file);
    await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

export function buildPages(options: { entry: string; boot: string; pages: PageSpec[] }): Plugin {
  let config: ResolvedConfig;
  return {
    name: "hospipay-build-pages",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      // The SSR build below loads this same config: it must not run this step again.
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const manifest = JSON.parse(await readFile(path.join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
      const shell = await readFile(path.join(outDir, "index.html"), "utf8");
      const preloaded = new Set([...shell.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]!));

      let render: ((url: string) => Promise<string>) | undefined;
      let renderShell: ((url: string, content: boolean) => Promise<string>) | undefined;
      const ssrDir = path.join(outDir, ".ssr");
      if (options.pages.some((page) => page.prerender || page.shell)) {
        await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: "warn",
          build: {
            ssr: options.entry,
            outDir: ssrDir,
            emptyOutDir: true,
            sourcemap: false,
            manifest: false,
            copyPublicDir: false,
          },
        });
        const entryName = path.basename(options.entry).replace(/\.tsx?$/, ".js");
        ({ render, renderShell } = (await import(pathToFileURL(path.join(ssrDir, entryName)).href)) as {
          render: typeof render;
          renderShell: typeof renderShell;
        });
      }
      try {
        for (const page of options.pages) {
          const chunks = chunksFor(manifest, page.screens, preloaded);
          // A guarded page's screens are for signed-in visitors only: boot.ts preloads them when a
          // session is stored, so that a guest (whom the guard sends to /login) never downloads them.
          if (page.requests && !page.guarded) throw new Error(`build-pages: ${page.path} lists requests but is not guarded`);
          if (page.shell && !page.guarded) throw new Error(`build-pages: ${page.path} has a signed-in frame but is not guarded`);
          const links = page.guarded
            ? [
                `<meta name="${SCREENS_META}" content="${chunks.map((file) => `/${file}`).join(" ")}">`,
                ...(page.requests ? [`<meta name="${REQUESTS_META}" content="${page.requests.join(" ")}">`] : []),
              ].join("\n    ")
            : chunks.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join("\n    ");
          let html = shell.replace("</head>", `  ${links}\n  </head>`);
          if (page.guarded) {
            const boot = manifest[options.boot];
            if (!boot) throw new Error(`build-pages: ${options.boot} is not in Vite's manifest`);
            // Module scripts run in document order: the boot entry first, as soon as the page is parsed.
            const script = /<script type="module" crossorigin src="[^"]+"><\/script>/.exec(html)?.[0];
            if (!script) throw new Error("build-pages: index.html has no module script");
            html = html.replace(script, () => `<script type="module" crossorigin src="/${boot.file}"></script>\n    ${script}`);
          }
          if (page.prerender && render) {
            const body = await render(page.path);
            if (!html.includes('<div id="root"></div>')) throw new Error("build-pages: index.html has no empty #root");
            html = html.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
          }
          if (page.shell && renderShell) {
            const frame = await renderShell(page.path, page.shell === "content");
            if (!html.includes('<div id="root"></div>')) throw new Error("build-pages: index.html has no empty #root");
            html = html.replace(
              '<div id="root"></div>',
              () =>
                `<div id="${SHELL_ID}"${page.shell === "content" ? ` ${CONTENT_ATTRIBUTE}` : ""} inert>${frame}</div>\n    <div id="root"></div>`,
            );
          }
          const file = path.join(outDir, pageFile(page.path));
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, html);
        }
      } finally {
        await rm(ssrDir, { recursive: true, force: true });
      }
      await compressAll(outDir);
    },
  };
}
