/**
 * The embedded default on a new data directory: initdb runs in a child process
 * (lib/db/pglite-initdb.mjs, so what it grew does not stay in the server), and
 * the server's own PGlite then comes up migrated, keeping what is written
 * across a restart. A directory that cannot hold a database fails with a
 * message naming it, and nothing is left half made.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../lib/db/client";

const root = mkdtempSync(join(tmpdir(), "gatehouse-new-pgdata-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const migrations = readdirSync("prisma/migrations", { withFileTypes: true }).filter((e) => e.isDirectory()).length;

describe("a new embedded data directory", () => {
  it("comes up initialised (by the child process) and migrated, and keeps its rows across a restart", { timeout: 240_000 }, async () => {
    const dataDir = join(root, "pgdata");
    const first = await openDatabase({ url: null, dataDir });
    try {
      expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
      const { rows } = await first.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL`);
      expect(rows[0]!.n).toBe(migrations);
      await first.prisma.user.create({ data: { email: "kept@example.test", name: "Kept" } });
    } finally {
      await first.close();
    }
    const again = await openDatabase({ url: null, dataDir });
    try {
      expect(await again.prisma.user.count({ where: { email: "kept@example.test" } })).toBe(1);
    } finally {
      await again.close();
    }
  });

  it("a data directory that is a file fails with a message naming it", { timeout: 120_000 }, async () => {
    const notADirectory = join(root, "a-file");
    writeFileSync(notADirectory, "not a database\n");
    await expect(openDatabase({ url: null, dataDir: join(notADirectory, "pgdata") })).rejects.toThrow(/a-file/);
  });
});
