// Runs before each test file of the db project: points DATABASE_URL at the
// run's database and empties every table, so files never see each other's rows.
import { inject } from "vitest";
import pg from "pg";

process.env.DATABASE_URL = inject("databaseUrl");

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const { rows } = await client.query<{ tablename: string }>(
  `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
);
if (rows.length) {
  await client.query(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`);
}
await client.end();
