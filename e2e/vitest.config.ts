import { defineConfig } from "vitest/config";

/** Browser tests: the built console on a real server, driven through the system Chromium. */
export default defineConfig({
  resolve: { conditions: ["source"] },
  test: {
    include: ["e2e/**/*.spec.ts"],
    globalSetup: ["e2e/support/global-setup.ts"],
    setupFiles: ["e2e/support/report-retries.ts"],
    testTimeout: 60_000,
    // A server start (migrating a new PGlite) can take minutes on a busy two-core machine.
    hookTimeout: 240_000,
    // Two files run at once against one console on a two-core machine, beside its database and
    // two browsers: under that load a screen now and then takes longer than an action's 30 s
    // (seen: My access after sign-in), never the same twice. A failed test runs once more; one
    // that fails twice fails the run. (A button that kept its spinner's name after a quick
    // request, "loading Test", looked like this too: that was the console's, and is fixed.)
    retry: 1,
    pool: "forks",
    maxWorkers: 2,
    fileParallelism: true,
  },
});
