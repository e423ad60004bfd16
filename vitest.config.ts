import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit tests sit beside their code (*.test.ts); API integration tests (*.int.test.ts) call the
// Hono app in-process against a fresh database per file (PGlite, or Postgres when
// TEST_DATABASE_URL is set). The e2e suite runs with Playwright (playwright.config.ts).
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    // Vitest would run one file at a time on a two-core machine; most integration files spend
    // their time waiting (child servers, timers), so two overlap; more starve the embedded databases.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["{app,platform,tests}/**/*.test.{ts,tsx}"],
          exclude: ["**/*.int.test.ts", "node_modules/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["{app,platform,tests}/**/*.int.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
