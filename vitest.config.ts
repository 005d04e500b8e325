import { configDefaults, defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@/": root,
      "server-only": `${root}tests/support/server-only.ts`,
    },
  },
  test: {
    // Most test time waits on PostgreSQL, git and the sandbox, not the CPU: on a 2-core machine the
    // default (one worker) leaves the machine idle. Three overlap that waiting.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.ts", "tests/architecture/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: ["tests/**/*.test.ts"],
          // Checks of the source tree need no database.
          exclude: [...configDefaults.exclude, "tests/architecture/**"],
          environment: "node",
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/db-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each worker has its own copy of the database and empties it before every file (db-setup.ts).
        },
      },
    ],
  },
});
