import { defineConfig } from "vitest/config";

/** Unit and API tests (the browser tests have their own config under e2e/). */
export default defineConfig({
  resolve: { conditions: ["source"] },
  test: {
    include: ["apps/*/test/**/*.test.ts", "apps/*/src/**/*.test.{ts,tsx}", "packages/*/src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
