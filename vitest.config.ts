import { defineConfig } from "vitest/config";

/** Unit and API tests (the browser tests have their own config under e2e/). */
export default defineConfig({
  resolve: { conditions: ["source"] },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["apps/*/test/**/*.test.ts", "packages/*/src/**/*.test.ts"],
          // Each file starts its own console and databases; what they share is the server's code,
          // loaded once per worker rather than once per file (about 3 s a file).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          // Rendered trees and Testing Library's cleanup are per file.
          isolate: true,
        },
      },
    ],
  },
});
