import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { defineConfig } from "vitest/config";
import { buildPages, type PageSpec } from "./build-pages.ts";
import { precompileCatalogs, precompileMessages } from "./vite-i18n.ts";
import { lazySchemas } from "./vite-lazy-schemas.ts";
import { pwaOptions } from "./pwa-options.ts";
// Vite's config loader leaves packages external and Node cannot run the contract's TypeScript, so the
// (import-free) file is reached by a relative path, which the loader bundles.
import { API_PATHS, SERVER_PATH_PREFIXES } from "../../packages/contract/src/api-paths.ts";
import { WAT_TODAY_SLOT } from "./src/lib/session/early-slots.ts";

/** The API in development (apps/api); the built app is served by that same process in production. */
const API_TARGET = "http://127.0.0.1:8080";

// Every path the server answers itself goes to the API; everything else is the SPA.
const proxy = Object.fromEntries(SERVER_PATH_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }]));

const customer = "src/components/layout/customer-layout.tsx";
const staff = "src/features/staff/components/staff-dashboard-screen.tsx";
const bills = "src/features/bills/components/bills-screen.tsx";
const waivers = "src/features/bills/components/waivers-screen.tsx";
const deskSale = "src/features/bills/components/desk-sale-screen.tsx";
const search = "src/features/staff-search/components/staff-search-screen.tsx";
const myShift = "src/features/shifts/components/my-shift-screen.tsx";
const shifts = "src/features/shifts/components/shifts-screen.tsx";
const patients = "src/features/patients/components/patients-screen.tsx";
const dayBook = "src/features/day-book/components/day-book-screen.tsx";
const hmos = "src/features/hmos/components/hmos-screen.tsx";
/** The day book's first request: today's book. */
const todaysBook = `${API_PATHS.dayBook}?date=${WAT_TODAY_SLOT}`;
/**
 * The pages of app/routes.tsx with their lazy screens (build-pages.ts); / and /login are also prerendered,
 * and the guarded pages, whose guard needs the profile first, start that request early (src/boot.ts), with
 * the `requests` their screen makes on its first render (the wallet home's account number and tier cards).
 * The staff dashboards carry their prerendered frame (`shell`), the desk's screens theirs with their content
 * (`shell: "content"`; not the screens whose first view holds today's date: build-pages.ts fails on one).
 */
/** Chunks the service worker does not precache, found by their names (pwa-options.ts globIgnores). */
const UNCACHED_CHUNKS = new Set(["qr-scan-panel", "revenue-chart"]);

const pages: PageSpec[] = [
  { path: "/", prerender: true, screens: ["src/features/landing/components/landing-screen.tsx"] },
  { path: "/login", prerender: true, screens: ["src/features/auth/components/login-screen.tsx"] },
  { path: "/about", screens: ["src/features/landing/components/about-screen.tsx"] },
  { path: "/faq", screens: ["src/features/help/components/faq-screen.tsx"] },
  { path: "/safety-tips", screens: ["src/features/help/components/safety-tips-screen.tsx"] },
  { path: "/terms", screens: ["src/features/help/components/terms-screen.tsx"] },
  { path: "/cookie-policy", screens: ["src/features/help/components/cookie-policy-screen.tsx"] },
  { path: "/privacy-settings", screens: ["src/features/help/components/privacy-settings-screen.tsx"] },
  { path: "/register", screens: ["src/features/auth/components/register-screen.tsx"] },
  { path: "/verify", screens: ["src/features/auth/components/verify-screen.tsx"] },
  { path: "/forgot-password", screens: ["src/features/auth/components/forgot-password-screen.tsx"] },
  { path: "/reset-password", screens: ["src/features/auth/components/reset-password-screen.tsx"] },
  { path: "/receipt", screens: ["src/features/checkout/components/receipt-screen.tsx"] },
  { path: "/payment-success", screens: ["src/features/checkout/components/payment-success-screen.tsx"] },
  {
    path: "/dashboard",
    guarded: true,
    screens: [customer, "src/features/wallet-home/components/wallet-home-screen.tsx"],
    requests: [API_PATHS.reservedAccount, API_PATHS.walletTier],
  },
  { path: "/wallet-pay", guarded: true, screens: [customer, "src/features/wallet/components/wallet-pay-screen.tsx"] },
  { path: "/profile/edit", guarded: true, screens: [customer, "src/features/profile/components/profile-edit-screen.tsx"] },
  { path: "/admindashboard", guarded: true, shell: true, screens: [staff] },
  { path: "/superdashboard", guarded: true, shell: true, screens: [staff] },
  { path: "/agentdashboard", guarded: true, shell: true, screens: [staff] },
  {
    path: "/superdashboard/staff",
    guarded: true,
    shell: "content",
    screens: ["src/features/staff/components/staff-users-screen.tsx"],
  },
  {
    path: "/superdashboard/audit-log",
    guarded: true,
    shell: "content",
    screens: ["src/features/staff/components/audit-log-screen.tsx"],
  },
  { path: "/superdashboard/bills", guarded: true, shell: "content", screens: [bills] },
  { path: "/admindashboard/bills", guarded: true, shell: "content", screens: [bills] },
  { path: "/agentdashboard/bills", guarded: true, shell: "content", screens: [bills] },
  { path: "/superdashboard/waivers", guarded: true, shell: "content", screens: [waivers] },
  { path: "/admindashboard/waivers", guarded: true, shell: "content", screens: [waivers] },
  { path: "/agentdashboard/waivers", guarded: true, shell: "content", screens: [waivers] },
  { path: "/superdashboard/desk-sale", guarded: true, shell: "content", screens: [deskSale] },
  { path: "/admindashboard/desk-sale", guarded: true, shell: "content", screens: [deskSale] },
  { path: "/agentdashboard/desk-sale", guarded: true, shell: "content", screens: [deskSale] },
  { path: "/superdashboard/search", guarded: true, shell: "content", screens: [search] },
  { path: "/admindashboard/search", guarded: true, shell: "content", screens: [search] },
  { path: "/agentdashboard/search", guarded: true, shell: "content", screens: [search] },
  { path: "/superdashboard/shift", guarded: true, shell: "content", screens: [myShift] },
  { path: "/admindashboard/shift", guarded: true, shell: "content", screens: [myShift] },
  { path: "/agentdashboard/shift", guarded: true, shell: "content", screens: [myShift] },
  { path: "/superdashboard/shifts", guarded: true, screens: [shifts] },
  { path: "/admindashboard/shifts", guarded: true, screens: [shifts] },
  { path: "/superdashboard/patients", guarded: true, shell: "content", screens: [patients] },
  { path: "/admindashboard/patients", guarded: true, shell: "content", screens: [patients] },
  { path: "/agentdashboard/patients", guarded: true, shell: "content", screens: [patients] },
  { path: "/superdashboard/daybook", guarded: true, shell: true, screens: [dayBook], requests: [todaysBook] },
  { path: "/admindashboard/daybook", guarded: true, shell: true, screens: [dayBook], requests: [todaysBook] },
  { path: "/superdashboard/hmos", guarded: true, screens: [hmos] },
  { path: "/admindashboard/hmos", guarded: true, screens: [hmos] },
  { path: "/verify-receipt", screens: ["src/features/receipts/components/verify-receipt-screen.tsx"] },
];

export default defineConfig({
  // The manifest and the service worker (pwa-options.ts) come after the pages, whose HTML the worker precaches.
  plugins: [
    lazySchemas(),
    precompileCatalogs(),
    precompileMessages(),
    react(),
    tailwindcss(),
    buildPages({ entry: "src/prerender.tsx", boot: "src/boot.ts", pages }),
    VitePWA(pwaOptions),
  ],
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  // Every "zod" import gets the app's zod settings with it (src/lib/zod-jitless.ts).
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL("./src/lib/zod-jitless.ts", import.meta.url)) }] },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // src/boot.ts: the guarded pages' early profile request (build-pages.ts adds it to their HTML).
    // Chunks are named by their hash alone (the sourcemaps still name their modules): the main chunk lists
    // every lazy chunk's file for its preloads, and the names in 121 of them cost a guest's first load 0.9 KB.
    // The two the service worker leaves out of its precache by name (pwa-options.ts) keep theirs.
    rolldownOptions: {
      input: { index: "index.html", boot: "src/boot.ts" },
      output: { chunkFileNames: (chunk) => (UNCACHED_CHUNKS.has(chunk.name) ? "assets/[name]-[hash].js" : "assets/[hash].js") },
    },
  },
  test: {
    name: "web",
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    // A worker's test files share its modules: the app is imported once per worker, not once per file (the
    // imports were most of the suite's CPU). setup.ts resets the modules' state between tests.
    isolate: false,
    // Waits for lazy screens may take up to 20 s each on a busy machine (src/test/timeouts.ts).
    testTimeout: 60_000,
    include: ["src/**/*.test.{ts,tsx}"],
  },
});
