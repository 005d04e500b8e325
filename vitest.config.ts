import { configDefaults, defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * The embedded default (PGlite: one connection, no savepoints) runs again the files whose tests
 * write through transactions on the path from an agent's work to a merge — merges, applied
 * suggestions, a person's commits and the pull requests that follow them, proposals — so a nested
 * transaction fails here as it would for a user. More files join as they are proven on PGlite
 * (PGLITE_ALL=1 runs every database test there); files that need a second connection or process
 * stay on PostgreSQL only.
 */
const pgliteTests = [
  "tests/db/boot-ready.test.ts",
  "tests/db/pull-merge.test.ts",
  "tests/db/pull-apply-suggestion.test.ts",
  "tests/db/room-commit.test.ts",
  "tests/db/proposal-lifecycle.test.ts",
  "tests/db/claude-code-lifecycle.test.ts",
  "tests/adversarial/h3-h5-grants.test.ts",
  "tests/adversarial/h6-host-git.test.ts",
  "tests/db/archive-rooms-agents.test.ts",
  "tests/db/review-requests.test.ts",
  "tests/db/host-affinity.test.ts",
  "tests/db/queue-fair-share.test.ts",
  "tests/db/typed-records.test.ts",
  "tests/db/harness-raw-rows.test.ts",
];

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
          // Property tests spend seconds of CPU; on two shared cores beside other work the default
          // 5 s cut one off (P3's scheduler simulation, at load ~10) with nothing wrong.
          testTimeout: 30_000,
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
      {
        extends: true,
        test: {
          name: "db-pglite",
          include: process.env.PGLITE_ALL ? ["tests/db/**/*.test.ts", "tests/adversarial/**/*.test.ts"] : pgliteTests,
          exclude: [...configDefaults.exclude, "tests/architecture/**", "tests/db/schema-matches-migrations.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/pglite-global-setup.ts"],
          setupFiles: ["tests/support/pglite-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
