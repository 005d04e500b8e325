/**
 * Writes a long conversation straight into the database with set-based SQL, so
 * tests, the end-to-end suite and the benchmarks get rooms of thousands of
 * messages in a second. Each exchange is what a scripted run leaves behind: a
 * person's message, the run it triggered (4 turns, 4 tool calls with a file's
 * worth of result) and the agent's answer; every `systemEvery`-th exchange is
 * followed by a standalone system line (no run), like a ticket notice.
 * Works on pg (Client or Pool) and PGlite alike.
 */
export interface SeedRunner {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

export interface SeedHistoryInput {
  workspaceId: string;
  roomId: string;
  conversationId: string;
  agentId: string | null;
  authorId: string | null;
  /** exchanges to write (2 messages each, plus the system lines) */
  exchanges: number;
  /** unique per call, so several seeds never collide; [a-z0-9] */
  prefix: string;
  /** when the first exchange happened; each takes `stepMs` */
  start: Date;
  stepMs?: number;
  systemEvery?: number;
  /** lines of file content in each tool call's result (30 by default, ~1.8 KB) */
  resultLines?: number;
}

const TOOLS = ["list_dir", "read_file", "search_code", "read_file"];

/** Id of the i-th seeded row of a kind: u(ser message), a(nswer), r(un), s(ystem line), c(all). */
export const seededId = (prefix: string, kind: "u" | "a" | "r" | "s" | "c", i: number) => `${prefix}${kind}${String(i).padStart(6, "0")}`;

export async function seedRoomHistory(db: SeedRunner, input: SeedHistoryInput): Promise<{ messages: number; runs: number; toolCalls: number }> {
  const step = input.stepMs ?? 20;
  const every = input.systemEvery ?? 10;
  const start = input.start.toISOString().replace("T", " ").replace("Z", "");
  const n = input.exchanges;
  const p = input.prefix;
  const at = (offset: number | string) => `($2::timestamp(3) + ((i * ${step} + ${offset}) * interval '1 millisecond'))`;
  const id = (kind: string) => `$1 || '${kind}' || lpad(i::text, 6, '0')`;
  await db.query(
    `INSERT INTO "Message" ("id", "conversationId", "role", "authorId", "content", "createdAt")
     SELECT ${id("u")}, $3, 'user'::"MessageRole", $4, 'Question ' || i || ': how is the discount for order ' || i || ' computed, and where is it rounded?', ${at(0)}
     FROM generate_series(0, $5 - 1) AS i`,
    [p, start, input.conversationId, input.authorId, n],
  );
  await db.query(
    `INSERT INTO "Run" ("id", "workspaceId", "roomId", "conversationId", "agentId", "triggerMessageId", "status", "mode", "steps", "createdAt", "startedAt", "finishedAt")
     SELECT ${id("r")}, $3, $4, $5, $6, ${id("u")}, 'succeeded'::"RunStatus", 'chat'::"Mode", 4, ${at(1)}, ${at(2)}, ${at(12)}
     FROM generate_series(0, $7 - 1) AS i`,
    [p, start, input.workspaceId, input.roomId, input.conversationId, input.agentId, n],
  );
  await db.query(
    `INSERT INTO "ToolCall" ("id", "runId", "step", "callId", "tool", "tier", "effects", "args", "mode", "decision", "reason", "status", "result", "durationMs", "createdAt", "finishedAt")
     SELECT ${id("c")} || '_' || k, ${id("r")}, k, 'call-' || k, (ARRAY['${TOOLS.join("','")}'])[k], 'read', ARRAY[]::text[],
            jsonb_build_object('path', 'src/pricing/rule-' || i || '-' || k || '.ts'), 'chat'::"Mode", 'allow', 'allowed in chat mode', 'executed',
            jsonb_build_object('content', repeat('export const rate' || k || ' = 0.' || (i % 90 + 10) || '; // rounding happens once at the end\n', ${input.resultLines ?? 30})),
            1.5 + k, ${at("2 + k")}, ${at("2 + k")}
     FROM generate_series(0, $3 - 1) AS i, generate_series(1, 4) AS k`,
    [p, start, n],
  );
  await db.query(
    `INSERT INTO "Message" ("id", "conversationId", "role", "runId", "content", "createdAt")
     SELECT ${id("a")}, $3, 'assistant'::"MessageRole", ${id("r")}, 'Answer ' || i || ': the discount is computed in src/pricing/rule-' || i || '-1.ts and rounded once at the end.', ${at(11)}
     FROM generate_series(0, $4 - 1) AS i`,
    [p, start, input.conversationId, n],
  );
  const system = every > 0 ? Math.floor(n / every) : 0;
  if (system > 0) {
    await db.query(
      `INSERT INTO "Message" ("id", "conversationId", "role", "content", "createdAt")
       SELECT ${id("s")}, $3, 'system'::"MessageRole", 'Notice ' || i || ': a ticket finished.', ($2::timestamp(3) + ((i * ${every} * ${step} + ${step - 2}) * interval '1 millisecond'))
       FROM generate_series(0, $4 - 1) AS i`,
      [p, start, input.conversationId, system],
    );
  }
  return { messages: 2 * n + system, runs: n, toolCalls: 4 * n };
}
