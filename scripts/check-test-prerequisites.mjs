// Runs before `npm test`: says plainly what is missing instead of letting a
// test fail obscurely. `.ci/run` installs all of it on a fresh Debian machine.
import { existsSync } from "node:fs";
import pg from "pg";

const problems = [];
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) problems.push(`Chromium not found at ${chromium} (Debian: apt-get install -y chromium; or set CHROMIUM_PATH)`);
if (!existsSync("/usr/bin/bwrap")) problems.push("bubblewrap not found at /usr/bin/bwrap (Debian: apt-get install -y bubblewrap)");
const admin = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
try {
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 3000 });
  await client.connect();
  await client.end();
} catch (error) {
  problems.push(`PostgreSQL is not reachable at ${admin.replace(/:[^:@/]+@/, ":***@")}: ${error.message} (start it, or set TEST_DATABASE_ADMIN_URL)`);
}
if (problems.length) {
  console.error("The test suite needs:\n" + problems.map((p) => `  - ${p}`).join("\n"));
  process.exit(1);
}
