import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/contract", "apps/sandbox", "apps/api", "apps/web", "deploy"],
  },
});
