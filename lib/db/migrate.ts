/**
 * Applies prisma/migrations in order and records them in `_prisma_migrations`
 * exactly as Prisma Migrate does (same table, checksum and names), so a user
 * elsewhere can switch to `prisma migrate deploy` on the same database.
 * We run them ourselves because the Prisma CLI's schema engine cannot be
 * downloaded on machines without internet (see shared/ENVIRONMENT.md).
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The two operations the runner needs from pg.Client or PGlite. */
export interface SqlRunner {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

/** Wraps node-postgres (Client or Pool): multi-statement SQL runs through query() without params. */
export function pgRunner(client: { query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }> }): SqlRunner {
  return {
    query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)) as { rows: T[] },
    exec: (sql: string) => client.query(sql),
  };
}

/** Prisma Migrate's advisory lock id, so both never migrate at once. */
const MIGRATE_LOCK = 72707369;

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum"            VARCHAR(64) NOT NULL,
  "finished_at"         TIMESTAMPTZ,
  "migration_name"      VARCHAR(255) NOT NULL,
  "logs"                TEXT,
  "rolled_back_at"      TIMESTAMPTZ,
  "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export function migrationsDir(root = process.cwd()): string {
  return join(/*turbopackIgnore: true*/ root, "prisma", "migrations");
}

export function listMigrations(dir = migrationsDir()): { name: string; sql: string; checksum: string }[] {
  if (!existsSync(/*turbopackIgnore: true*/ dir)) throw new Error(`no migrations folder at ${dir}`);
  return readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/** Applies every migration not yet recorded; returns the names it applied. */
export async function migrate(db: SqlRunner, dir = migrationsDir()): Promise<string[]> {
  const applied: string[] = [];
  await db.query("SELECT pg_advisory_lock($1)", [MIGRATE_LOCK]);
  try {
    await db.exec(CREATE_MIGRATIONS_TABLE);
    const { rows } = await db.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const done = new Map(rows.map((r) => [r.migration_name, r.checksum]));
    for (const m of listMigrations(dir)) {
      const recorded = done.get(m.name);
      if (recorded) {
        if (recorded !== m.checksum) {
          throw new Error(`migration ${m.name} was changed after it was applied; add a new migration instead`);
        }
        continue;
      }
      await db.exec("BEGIN");
      try {
        await db.exec(m.sql);
        await db.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), m.checksum, m.name],
        );
        await db.exec("COMMIT");
      } catch (error) {
        await db.exec("ROLLBACK");
        throw new Error(`migration ${m.name} failed: ${(error as Error).message}`);
      }
      applied.push(m.name);
    }
  } finally {
    await db.query("SELECT pg_advisory_unlock($1)", [MIGRATE_LOCK]);
  }
  return applied;
}
