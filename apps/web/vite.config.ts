import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
// Vite's config loader leaves packages external and Node cannot run the contract's TypeScript, so the
// (import-free) file is reached by a relative path, which the loader bundles.
import { SERVER_PATH_PREFIXES } from "../../packages/contract/src/api-paths.ts";

/** The API in development (apps/api); the built app is served by that same process in production. */
const API_TARGET = "http://127.0.0.1:8080";

// Every path the server answers itself goes to the API; everything else is the SPA.
const proxy = Object.fromEntries(SERVER_PATH_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }]));

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy },
  preview: { proxy },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true },
  test: {
    name: "web",
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
  },
});
