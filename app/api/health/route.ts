import { getDatabase } from "@/lib/db/client";
import { detectSandbox } from "@/lib/sandbox/detect-sandbox";

export const dynamic = "force-dynamic";

/** Liveness and readiness: the database answers and the OS sandbox is usable. */
export async function GET() {
  const db = await getDatabase();
  await db.prisma.$queryRaw`SELECT 1`;
  const sandbox = await detectSandbox();
  return Response.json({ ok: true, database: db.kind, sandbox: sandbox.available ? "bubblewrap" : sandbox.reason });
}
