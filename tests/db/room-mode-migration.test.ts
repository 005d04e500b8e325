/**
 * G8, M1: the migration that makes a room's mode one record. Rooms of a
 * database from before it keep exactly the declared mode they ran under (its
 * declaration copied from the workspace's policy); a room whose declared mode
 * had been removed, disabled or re-based — which until then ran as the wider
 * built-in in its `mode` column — gets the narrowest mode instead. Built-in
 * rooms stay as they were. Applied with the project's own runner, on a fresh
 * PostgreSQL database migrated up to the migration before it.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { listMigrations, migrate, pgRunner } from "../../lib/db/migrate";
import { modePolicySchema } from "../../lib/modes/declared";
import { resolveMode } from "../../lib/modes/resolve-profile";
import { roomMode } from "../../lib/modes/room-mode";
import { uid } from "../support/factories";

const MIGRATION = "20261215000100_room_mode_record";
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh database and a client on it; dropped after the file. */
async function freshDatabase(): Promise<pg.Client> {
  const adminUrl = inject("adminDatabaseUrl");
  // Named after the run's template, so the run's teardown drops it even if this file's does not.
  const name = `${inject("templateDatabase")}_modemig_${uid()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  cleanups.push(async () => {
    await client.end();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });
  return client;
}

/** A copy of the migrations folder up to (not including) `name`. */
async function migrationsBefore(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "gatehouse-migrations-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  for (const m of listMigrations().filter((m) => m.name < name)) {
    await mkdir(path.join(dir, m.name));
    await writeFile(path.join(dir, m.name, "migration.sql"), m.sql);
  }
  return dir;
}

const docsReview = { id: "docs-review", label: "Docs review", description: "Reads the documentation.", extends: "chat", readOnly: true };
const policy = modePolicySchema.parse({
  modes: [docsReview, { id: "retired", label: "Retired", extends: "chat", readOnly: true, disabled: true }, { id: "planner", label: "Planner", extends: "plan" }],
});

describe("the room mode record migration", () => {
  it("G8, M1: rooms keep the declared mode they ran under; rooms whose declared mode was gone get the narrowest mode, never the built-in", async () => {
    const client = await freshDatabase();
    const db = pgRunner(client);
    expect(await migrate(db, await migrationsBefore(MIGRATION))).not.toContain(MIGRATION);

    await client.query(`INSERT INTO "Workspace" ("id", "name", "slug", "modePolicy") VALUES ('w1', 'w', 'w-${uid()}', $1)`, [JSON.stringify(policy)]);
    const rooms: [string, string, string | null][] = [
      ["kept", "chat", "docs-review"],
      ["vanished", "chat", "no-longer-declared"],
      ["disabled", "chat", "retired"],
      ["rebased", "plan", "docs-review"],
      ["planner", "plan", "planner"],
      ["builtin", "plan", null],
    ];
    for (const [id, mode, declared] of rooms) {
      await client.query(`INSERT INTO "Room" ("id", "workspaceId", "name", "mode", "declaredMode") VALUES ($1, 'w1', $1, $2::"Mode", $3)`, [id, mode, declared]);
    }

    // This migration and every later one apply (as an upgrade of such a database would run them).
    expect(await migrate(db)).toEqual(listMigrations().filter((m) => m.name >= MIGRATION).map((m) => m.name));
    const { rows } = await client.query<{ id: string; mode: "chat" | "plan"; modeDeclaration: unknown }>(`SELECT "id", "mode"::text AS "mode", "modeDeclaration" FROM "Room"`);
    const after = new Map(rows.map((r) => [r.id, r]));
    const modeOf = (id: string) => roomMode(after.get(id)!);

    // Still declared, enabled and on the room's built-in: exactly the same version of the mode.
    expect(modeOf("kept").version).toBe(resolveMode(policy, "docs-review")!.version);
    expect(modeOf("planner").version).toBe(resolveMode(policy, "planner")!.version);
    // Gone, disabled or re-based: read-only, read tier, no grants — on the built-in the room had.
    for (const id of ["vanished", "disabled", "rebased"]) {
      const { profile } = modeOf(id);
      expect(profile).toMatchObject({ label: "Mode removed", posture: "read-only", maxTier: "read", grants: [], mode: after.get(id)!.mode });
    }
    expect(modeOf("vanished").profile.id).toBe("no-longer-declared");
    expect(after.get("builtin")).toMatchObject({ mode: "plan", modeDeclaration: null });

    const columns = await client.query(`SELECT 1 FROM information_schema.columns WHERE table_name = 'Room' AND column_name = 'declaredMode'`);
    expect(columns.rowCount).toBe(0);
    // One record: the built-in column cannot be changed away from the declaration it holds.
    await expect(client.query(`UPDATE "Room" SET "mode" = 'orchestrate' WHERE "id" = 'kept'`)).rejects.toThrow(/Room_modeDeclaration_extends_mode/);
  }, 120_000);
});
