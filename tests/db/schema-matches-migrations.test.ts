/**
 * The migrations are SQL written beside the Prisma schema, so this test is what
 * keeps them equal: every model, column, type, nullability, default presence,
 * primary key, unique constraint, index and foreign key of the schema exists
 * in the migrated database, and the database has nothing the schema lacks.
 */
import { describe, expect, it } from "vitest";
import pg from "pg";
import { columnType, readSchemaDmmf } from "../../lib/db/schema-dmmf";

const dmmf = readSchemaDmmf();

async function introspect() {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const columns = await client.query<{ table_name: string; column_name: string; is_nullable: string; type: string; has_default: boolean }>(`
    SELECT c.table_name, c.column_name, c.is_nullable, c.column_default IS NOT NULL AS has_default,
           format_type(a.atttypid, a.atttypmod) AS type
    FROM information_schema.columns c
    JOIN pg_attribute a ON a.attrelid = format('%I.%I', c.table_schema, c.table_name)::regclass AND a.attname = c.column_name
    WHERE c.table_schema = 'public' AND c.table_name <> '_prisma_migrations'`);
  const indexes = await client.query<{ table: string; name: string; unique: boolean; primary: boolean; columns: string[]; partial: boolean; expression: boolean; definition: string }>(`
    SELECT t.relname AS table, i.relname AS name, ix.indisunique AS unique, ix.indisprimary AS primary,
           ix.indpred IS NOT NULL AS partial, ix.indexprs IS NOT NULL AS expression, pg_get_indexdef(i.oid) AS definition,
           array(SELECT a.attname::text FROM unnest(ix.indkey) WITH ORDINALITY k(n, o)
                 JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.n ORDER BY k.o) AS columns
    FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid JOIN pg_class i ON i.oid = ix.indexrelid
    JOIN pg_namespace ns ON ns.oid = t.relnamespace
    WHERE ns.nspname = 'public' AND t.relname <> '_prisma_migrations'`);
  const fks = await client.query<{ table: string; columns: string[]; ref_table: string; ref_columns: string[]; on_delete: string }>(`
    SELECT cl.relname AS table, rc.relname AS ref_table, con.confdeltype AS on_delete,
           array(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(n, o) JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n ORDER BY k.o) AS columns,
           array(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(n, o) JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n ORDER BY k.o) AS ref_columns
    FROM pg_constraint con JOIN pg_class cl ON cl.oid = con.conrelid JOIN pg_class rc ON rc.oid = con.confrelid
    JOIN pg_namespace ns ON ns.oid = cl.relnamespace
    WHERE con.contype = 'f' AND ns.nspname = 'public'`);
  const enums = await client.query<{ name: string; values: string[] }>(`
    SELECT t.typname::text AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS values
    FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname`);
  await client.end();
  return { columns: columns.rows, indexes: indexes.rows, fks: fks.rows, enums: enums.rows };
}

/** Postgres spells types differently from CREATE TABLE; bring both to one form. */
function normalizeType(type: string): string {
  return type
    .replace(/"/g, "")
    .replace("timestamp(3) without time zone", "TIMESTAMP(3)")
    .replace(/^text/, "TEXT")
    .replace(/^integer/, "INTEGER")
    .replace(/^bigint/, "BIGINT")
    .replace(/^double precision/, "DOUBLE PRECISION")
    .replace(/^boolean/, "BOOLEAN")
    .replace(/^jsonb/, "JSONB");
}

describe("migrations match prisma/schema.prisma", async () => {
  const db = await introspect();

  it("has exactly the schema's tables and columns, with types, nullability and defaults", () => {
    const expected = dmmf.models.flatMap((m) =>
      m.fields
        .filter((f) => f.kind !== "object")
        .map((f) => ({
          table: m.name,
          column: f.name,
          type: normalizeType(columnType(f)),
          nullable: !f.isRequired || f.isList,
          hasDefault: f.hasDefaultValue && !["cuid", "uuid"].includes((f.default as { name?: string })?.name ?? ""),
        })),
    );
    const actual = db.columns.map((c) => ({
      table: c.table_name,
      column: c.column_name,
      type: normalizeType(c.type),
      nullable: c.is_nullable === "YES",
      hasDefault: c.has_default,
    }));
    const key = (x: { table: string; column: string }) => `${x.table}.${x.column}`;
    expect(actual.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(expected.sort((a, b) => key(a).localeCompare(key(b))));
  });

  it("has the schema's enums with their values in order", () => {
    const expected = dmmf.enums.map((e) => ({ name: e.name, values: e.values.map((v) => v.name) }));
    expect([...db.enums].sort((a, b) => a.name.localeCompare(b.name))).toEqual(expected.sort((a, b) => a.name.localeCompare(b.name)));
  });

  it("has every primary key, unique constraint and index of the schema, and no other full index", () => {
    const expected = dmmf.indexes.map((i) => ({
      table: i.model,
      columns: i.fields.map((f) => f.name),
      unique: i.type !== "normal",
      primary: i.type === "id",
    }));
    const actual = db.indexes.filter((i) => !i.partial && !i.expression).map(({ table, columns, unique, primary }) => ({ table, columns, unique, primary }));
    const key = (x: { table: string; columns: string[] }) => `${x.table}(${x.columns.join(",")})`;
    expect(actual.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(expected.sort((a, b) => key(a).localeCompare(key(b))));
  });

  it("has every foreign key of the schema with its delete rule, and no other", () => {
    const rule: Record<string, string> = { Cascade: "c", SetNull: "n", Restrict: "r", NoAction: "a" };
    const expected = dmmf.models.flatMap((m) =>
      m.fields
        .filter((f) => f.kind === "object" && f.relationFromFields?.length)
        .map((f) => ({
          table: m.name,
          columns: f.relationFromFields!,
          ref_table: f.type,
          ref_columns: f.relationToFields!,
          on_delete: rule[f.relationOnDelete ?? "SetNull"]!,
        })),
    );
    const key = (x: { table: string; columns: string[] }) => `${x.table}(${x.columns.join(",")})`;
    expect([...db.fks].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(expected.sort((a, b) => key(a).localeCompare(key(b))));
  });

  it("keeps the full-text search indexes of messages and tool calls (find in a room)", () => {
    const search = db.indexes.filter((i) => i.expression).map((i) => [i.table, i.name, /USING gin \(to_tsvector/.test(i.definition)]);
    expect(search.sort()).toEqual([
      ["Message", "Message_search_idx", true],
      ["ToolCall", "ToolCall_search_idx", true],
    ]);
  });

  it("P5: keeps the partial unique index that allows one pending plan_exit per room", () => {
    const partial = db.indexes.find((i) => i.name === "Approval_one_pending_plan_exit_per_room");
    expect(partial).toMatchObject({ unique: true, partial: true, columns: ["roomId"] });
  });
});
