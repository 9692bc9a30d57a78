import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "deploy",
    include: ["*.test.ts"],
    // The linters run as processes of their own: over 5 s on a busy two-core machine.
    testTimeout: 30_000,
  },
});
