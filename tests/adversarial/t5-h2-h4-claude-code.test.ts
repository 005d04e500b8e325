/**
 * Attacks on the Claude Code transport's own paths (H2, H4, T2, T5), with the
 * real CLI from @anthropic-ai/claude-agent-sdk against a local Anthropic
 * Messages server, real bubblewrap, real git and PostgreSQL:
 *  - a shell inside the sandbox calls the model relay itself, with the key its
 *    environment holds, the placeholder, and another model: refused, recorded on
 *    the run, nothing forwarded;
 *  - where the CLI runs outside the sandbox ("convention"), links a repository
 *    planted in the worktree try to make Read return a host file and Write change
 *    a folder outside: refused, nothing leaks, nothing is written.
 */
import { existsSync } from "node:fs";
import { symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { profileOf } from "../../lib/modes/profiles";
import { materializeSurface } from "../../lib/modes/surface";
import { makeFixture, SECRET, snapshotTree, type Fixture } from "../../lib/repos/git.test-support";
import { advanceStoredRun } from "../../lib/runtime/advance-stored-run";
import { readyForSandbox } from "../../lib/sandbox/sandbox.test-support";
import { TOOL_SPECS } from "../../lib/tools/registry";
import { runClaudeCodeTurn } from "../../lib/transports/claude-code/run-claude-code";
import { startAnthropicScriptServer, type AnthropicScriptServer } from "../../lib/transports/claude-code/testing/anthropic-script-server";
import { fetchAllowing } from "../../lib/transports/claude-code/testing/sandboxed-turn";
import { RELAY_PORT_INSIDE } from "../../lib/transports/claude-code/model-relay-inside";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createRun, createUser, createWorkspace } from "../support/factories";

let fx: Fixture;
let server: AnthropicScriptServer | null = null;
beforeEach(async () => {
  fx = await makeFixture();
  await readyForSandbox(fx);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  server = null;
  await fx.cleanup();
});

/** A shell script that POSTs a Messages request to the relay's port inside the sandbox, once per key and model. */
function callTheRelay(): string {
  const lines = [
    "for attempt in \"$ANTHROPIC_API_KEY:claude-sonnet-4-5\" \"gatehouse-relay-adds-the-key:claude-sonnet-4-5\" \"$ANTHROPIC_API_KEY:claude-opus-4-1\" \"$(cat /proc/self/fd/3 2>/dev/null):claude-opus-4-1\"; do",
    "  key=${attempt%%:*}; model=${attempt##*:}",
    "  body='{\"model\":\"'$model'\",\"max_tokens\":5,\"messages\":[{\"role\":\"user\",\"content\":\"shell-direct\"}]}'",
    `  if exec 5<>/dev/tcp/127.0.0.1/${RELAY_PORT_INSIDE}; then`,
    "    printf 'POST /v1/messages HTTP/1.1\\r\\nHost: relay\\r\\nx-api-key: %s\\r\\ncontent-type: application/json\\r\\ncontent-length: %s\\r\\nconnection: close\\r\\n\\r\\n%s' \"$key\" \"${#body}\" \"$body\" >&5",
    "    head -c 300 <&5; echo; exec 5>&-",
    "  else echo no-relay; fi",
    "done",
  ];
  return lines.join("\n");
}

describe("the Claude Code transport's own paths", () => {
  it("H4, T5, O6: a shell in the sandbox calling the model relay directly is refused, the refusal is recorded on the run, and nothing is forwarded", async () => {
    const db = await testDatabase();
    const { prisma } = db;
    server = await startAnthropicScriptServer([{ toolUses: [{ name: "Bash", input: { command: callTheRelay(), description: "call the relay" } }] }, { text: "Tried." }]);
    vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", new URL(server.baseUrl).host);
    const owner = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    const agent = await createAgent(prisma, workspace.id, null, { provider: "anthropic", model: "claude-sonnet-4-5", baseUrl: `${server.baseUrl}/v1`, apiKey: "sk-ant-real-key-stays-outside", transport: "claude-code" });
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, mode: "chat", worktreePath: fx.worktree });
    const run = await createRun(prisma, { ...room, agentId: agent.id }, "call the relay");

    expect(await advanceStoredRun(db, run.id, { owner: "attacker" })).toMatchObject({ status: "succeeded" });
    const bash = await prisma.toolCall.findFirstOrThrow({ where: { runId: run.id, tool: "Bash" } });
    expect(bash.status).toBe("executed");
    const out = String(bash.result);
    // Each attempt reached the relay and was turned away with Gatehouse's reason.
    expect(out.match(/HTTP\/1\.1 401/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
    expect(out).not.toContain("no-relay");
    // Nothing of the shell's requests reached the endpoint; every forwarded request was the CLI's, with the agent's model.
    for (const request of server.requests) {
      expect(JSON.stringify(request.messages)).not.toContain('"shell-direct"');
      expect(request.model).toBe("claude-sonnet-4-5");
    }
    const refused = await prisma.runEvent.findMany({ where: { runId: run.id, type: "model.refused" } });
    expect(refused.length).toBeGreaterThanOrEqual(4);
    for (const event of refused) expect((event.data as { reason: string }).reason).toMatch(/does not carry this session's secret/);
    expect(new Set(server.apiKeys)).toEqual(new Set(["sk-ant-real-key-stays-outside"]));
  });

  it("H2, T2: under the convention transport a linked Read and a linked Write are refused; no host file leaks and nothing outside is written", async () => {
    // Planted by a repository: the paths' text lies inside the worktree, their targets outside it.
    await symlink(fx.secretFile, path.join(fx.worktree, "notes-link.txt"));
    await symlink(fx.outside, path.join(fx.worktree, "outside-dir"));
    const before = await snapshotTree(fx.root);
    server = await startAnthropicScriptServer([
      { toolUses: [{ name: "Read", input: { file_path: path.join(fx.worktree, "notes-link.txt") } }] },
      { toolUses: [{ name: "Write", input: { file_path: path.join(fx.worktree, "outside-dir", "planted.txt"), content: "escaped\n" } }] },
      { toolUses: [{ name: "Grep", input: { pattern: "secret", path: path.join(fx.worktree, "outside-dir") } }] },
      { text: "Tried." },
    ]);
    const result = await runClaudeCodeTurn({
      surface: materializeSurface(profileOf("chat"), TOOL_SPECS, { autonomy: "auto" }),
      worktree: fx.worktree,
      prompt: "read the notes",
      baseUrl: server.baseUrl,
      apiKey: "test-key",
      model: "claude-sonnet-4-5",
      fetch: fetchAllowing(new URL(server.baseUrl).host),
      sandboxed: false,
    });
    expect(result.calls.map((c) => [c.tool, c.decision, c.rule])).toEqual([
      ["Read", "deny", "H2"],
      ["Write", "deny", "H2"],
      ["Grep", "deny", "H2"],
    ]);
    for (const call of result.calls) expect(call.reason).toMatch(/symbolic link to a location outside the worktree/);
    const results = server.toolResults();
    expect(results).toHaveLength(3);
    for (const r of results) expect(r.isError, r.text).toBe(true);
    // Nothing of the host file reached the model, nothing was written or changed outside.
    expect(JSON.stringify(server.requests)).not.toContain(SECRET.trim());
    expect(existsSync(path.join(fx.outside, "planted.txt"))).toBe(false);
    expect(await snapshotTree(fx.root)).toEqual(before);
  });
});
