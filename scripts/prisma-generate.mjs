// Runs `prisma generate`. On machines that cannot reach Prisma's binary host the
// CLI fails to download its schema engine, which generate never executes; we then
// retry once with a placeholder path so offline machines still get a client.
import { spawnSync } from "node:child_process";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

function generate(env) {
  return spawnSync("npx", ["prisma", "generate"], { env, encoding: "utf8" });
}

let result = generate(process.env);
if (result.status !== 0 && /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|fetch failed|download/i.test(result.stderr + result.stdout)) {
  const placeholder = join(mkdtempSync(join(tmpdir(), "prisma-engine-")), "schema-engine");
  writeFileSync(placeholder, "#!/bin/sh\nexit 1\n", { mode: 0o755 });
  result = generate({ ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: placeholder });
}
process.stdout.write(result.stdout ?? "");
process.stderr.write(result.stderr ?? "");
process.exit(result.status ?? 1);
