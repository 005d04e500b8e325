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
          // Files share one database and truncate between them.
          fileParallelism: false,
        },
      },
    ],
  },
});
