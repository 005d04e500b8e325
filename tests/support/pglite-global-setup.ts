/**
 * The db-pglite project's one migrated embedded database, dumped once per run:
 * each test file starts its own in-memory PGlite from this dump
 * (pglite-setup.ts), which skips PGlite's initdb and the migrations — most of
 * the cost of a fresh embedded database.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { PGlite } from "@electric-sql/pglite";
import { migrate, type SqlRunner } from "../../lib/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** a file holding the migrated PGlite data directory (PGlite's dumpDataDir, uncompressed tar) */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const lite = new PGlite("memory://");
  await lite.waitReady;
  await migrate(lite as unknown as SqlRunner);
  const dump = await lite.dumpDataDir("none");
  await lite.close();
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-pglite-template-"));
  const file = join(dir, "pgdata.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
