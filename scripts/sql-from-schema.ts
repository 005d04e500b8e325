// Prints the CREATE statements Prisma Migrate would write for prisma/schema.prisma
// (its naming: <Table>_pkey, <Table>_<cols>_key, <Table>_<cols>_idx, <Table>_<cols>_fkey).
// Usage: npx tsx scripts/sql-from-schema.ts > prisma/migrations/<ts>_<name>/migration.sql
// Later migrations are written by hand as ALTERs; the schema test keeps them honest.
import { columnType, readSchemaDmmf, type DmmfField } from "../lib/db/schema-dmmf";

const dmmf = readSchemaDmmf();
const out: string[] = [];
const q = (s: string) => `"${s}"`;

for (const e of dmmf.enums) {
  out.push(`-- CreateEnum\nCREATE TYPE ${q(e.name)} AS ENUM (${e.values.map((v) => `'${v.name}'`).join(", ")});\n`);
}

function defaultSql(f: DmmfField): string {
  const d = f.default as { name?: string; args?: unknown[] } | string | number | boolean | unknown[] | undefined;
  if (d === undefined) return "";
  if (Array.isArray(d)) return d.length === 0 ? ` DEFAULT ARRAY[]::${columnType(f)}` : "";
  if (typeof d === "object" && d && "name" in d) return d.name === "now" ? " DEFAULT CURRENT_TIMESTAMP" : "";
  if (typeof d === "string") return ` DEFAULT '${d.replace(/'/g, "''")}'`;
  return ` DEFAULT ${String(d)}`;
}

for (const m of dmmf.models) {
  const cols = m.fields
    .filter((f) => f.kind !== "object")
    .map((f) => {
      const auto = (f.default as { name?: string } | undefined)?.name === "autoincrement";
      const type = auto ? (f.type === "BigInt" ? "BIGSERIAL" : "SERIAL") : columnType(f);
      const notNull = f.isRequired && !f.isList ? " NOT NULL" : "";
      return `    ${q(f.name)} ${type}${notNull}${auto ? "" : defaultSql(f)}`;
    });
  const pk = m.primaryKey?.fields ?? m.fields.filter((f) => f.isId).map((f) => f.name);
  cols.push(`\n    CONSTRAINT ${q(`${m.name}_pkey`)} PRIMARY KEY (${pk.map(q).join(",")})`);
  out.push(`-- CreateTable\nCREATE TABLE ${q(m.name)} (\n${cols.join(",\n")}\n);\n`);
}

for (const idx of dmmf.indexes) {
  if (idx.type === "id") continue;
  const fields = idx.fields.map((f) => f.name);
  const suffix = idx.type === "unique" ? "key" : "idx";
  const unique = idx.type === "unique" ? "UNIQUE " : "";
  out.push(
    `-- CreateIndex\nCREATE ${unique}INDEX ${q(`${idx.model}_${fields.join("_")}_${suffix}`)} ON ${q(idx.model)}(${fields.map(q).join(", ")});\n`,
  );
}

const actions: Record<string, string> = { Cascade: "CASCADE", SetNull: "SET NULL", Restrict: "RESTRICT", NoAction: "NO ACTION" };
for (const m of dmmf.models) {
  for (const f of m.fields) {
    if (f.kind !== "object" || !f.relationFromFields?.length) continue;
    const from = f.relationFromFields;
    const optional = from.some((name) => !m.fields.find((x) => x.name === name)?.isRequired);
    const onDelete = actions[f.relationOnDelete ?? (optional ? "SetNull" : "Restrict")];
    out.push(
      `-- AddForeignKey\nALTER TABLE ${q(m.name)} ADD CONSTRAINT ${q(`${m.name}_${from.join("_")}_fkey`)} FOREIGN KEY (${from.map(q).join(", ")}) REFERENCES ${q(f.type)}(${(f.relationToFields ?? []).map(q).join(", ")}) ON DELETE ${onDelete} ON UPDATE CASCADE;\n`,
    );
  }
}

process.stdout.write(out.join("\n"));
