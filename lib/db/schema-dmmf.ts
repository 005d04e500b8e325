// Reads prisma/schema.prisma through Prisma's own schema parser (WebAssembly, so
// it works offline). Used by the migration SQL generator and by the test that
// proves the migrated database matches the schema; the app never loads it.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface DmmfField {
  name: string;
  kind: "scalar" | "object" | "enum" | "unsupported";
  isList: boolean;
  isRequired: boolean;
  isUnique: boolean;
  isId: boolean;
  isUpdatedAt: boolean;
  hasDefaultValue: boolean;
  type: string;
  dbName?: string | null;
  default?: unknown;
  relationName?: string;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
}

export interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
  primaryKey: { fields: string[] } | null;
  uniqueFields: string[][];
}

export interface DmmfIndex {
  model: string;
  type: "id" | "unique" | "normal" | "fulltext";
  fields: { name: string }[];
}

export interface Dmmf {
  enums: { name: string; values: { name: string }[] }[];
  models: DmmfModel[];
  indexes: DmmfIndex[];
}

export function readSchemaDmmf(root = process.cwd()): Dmmf {
  const require = createRequire(import.meta.url);
  const wasm = require("@prisma/prisma-schema-wasm") as { get_dmmf(params: string): string };
  const schema = readFileSync(join(root, "prisma", "schema.prisma"), "utf8");
  const out = JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema: [["schema.prisma", schema]] })));
  return out.datamodel as Dmmf;
}

/** The PostgreSQL column type Prisma's migrate would create for a field. */
export function columnType(field: DmmfField): string {
  const base =
    field.kind === "enum"
      ? `"${field.type}"`
      : ({
          String: "TEXT",
          Int: "INTEGER",
          BigInt: "BIGINT",
          Float: "DOUBLE PRECISION",
          Boolean: "BOOLEAN",
          DateTime: "TIMESTAMP(3)",
          Json: "JSONB",
        } as Record<string, string>)[field.type];
  if (!base) throw new Error(`no column type for ${field.type}`);
  return field.isList ? `${base}[]` : base;
}
