// Runs before each test file of the db project: points DATABASE_URL at this
// worker's own copy of the run's migrated database (made on first use), then
// empties every table, so files never see each other's rows — neither the
// previous file in this worker nor the file running beside it in another.
import { inject } from "vitest";
import pg from "pg";

const template = inject("templateDatabase");
const adminUrl = inject("adminDatabaseUrl");
// A worker runs one file at a time; its pool id is stable across the files it runs.
const worker = process.env.VITEST_POOL_ID ?? "1";
const name = `${template}_w${worker}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
try {
  const { rowCount } = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]);
  if (!rowCount) {
    // Copying needs the template to have no other sessions; workers create their copies at about
    // the same moment, so retry the few that collide.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        break;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === "42P04") break; // already there
        if (code !== "55006" || attempt >= 50) throw error; // 55006: the template is in use
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  }
} finally {
  await admin.end();
}

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const { rows } = await client.query<{ tablename: string }>(
  `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
);
if (rows.length) {
  await client.query(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`);
}
await client.end();
