import { defineConfig } from "vitest/config";

/** Browser tests: the built console on a real server, driven through the system Chromium. */
export default defineConfig({
  resolve: { conditions: ["source"] },
  test: {
    include: ["e2e/**/*.spec.ts"],
    globalSetup: ["e2e/support/global-setup.ts"],
    testTimeout: 60_000,
    // A server start (migrating a new PGlite) can take minutes on a busy two-core machine.
    hookTimeout: 240_000,
    pool: "forks",
    maxWorkers: 2,
    fileParallelism: true,
  },
});
