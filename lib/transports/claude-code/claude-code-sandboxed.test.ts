/**
 * T4, H1, H4 with the real Claude Code CLI started inside bubblewrap through the
 * Agent SDK's spawn hook, against a local server speaking the Anthropic
 * Messages API that scripts the CLI's own tools. Two copies of one guarantee:
 * Gatehouse's gate refuses every write in a read-only room, and with the gate
 * switched off (as a CLI that ignored it would be) the read-only mount still
 * refuses it. Real git worktree, real sandbox, real relay to the endpoint.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Mode } from "../../modes/types";
import { makeFixture, snapshotTree, type Fixture } from "../../repos/git.test-support";
import { readyForSandbox } from "../../sandbox/sandbox.test-support";
import { sandboxUser } from "../../sandbox/sandbox-user";
import type { AnthropicScriptServer, ScriptedTurn } from "./testing/anthropic-script-server";
import { sandboxedTurn, type SandboxedTurnOptions } from "./testing/sandboxed-turn";

const REAL_KEY = "sk-ant-the-real-key-stays-outside";

let fx: Fixture;
let server: AnthropicScriptServer | null = null;
beforeEach(async () => {
  fx = await makeFixture();
  await readyForSandbox(fx);
});
afterEach(async () => {
  await server?.close();
  server = null;
  await fx.cleanup();
});

async function turnIn(mode: Mode, script: ScriptedTurn[], options: Omit<SandboxedTurnOptions, "worktree" | "apiKey"> = {}) {
  const turn = await sandboxedTurn(mode, script, { ...options, worktree: fx.worktree, apiKey: REAL_KEY });
  server = turn.server;
  return turn.result;
}

const status = () => execFileSync("git", ["status", "--porcelain"], { cwd: fx.worktree, encoding: "utf8" });

/** Every way the CLI's own tools could change the worktree or reach out, one per turn. */
function writeAttempts(): ScriptedTurn[] {
  const file = (name: string) => path.join(fx.worktree, name);
  return [
    { toolUses: [{ name: "Write", input: { file_path: file("written.md"), content: "no\n" } }] },
    { toolUses: [{ name: "Edit", input: { file_path: file("README.md"), old_string: "fixture", new_string: "EDITED" } }] },
    { toolUses: [{ name: "MultiEdit", input: { file_path: file("README.md"), edits: [{ old_string: "fixture", new_string: "MULTI" }] } }] },
    { toolUses: [{ name: "NotebookEdit", input: { notebook_path: file("book.ipynb"), new_source: "print(1)", edit_mode: "insert", cell_type: "code" } }] },
    { toolUses: [{ name: "Bash", input: { command: "echo pwned > bash.md", description: "write" } }] },
    { toolUses: [{ name: "WebFetch", input: { url: "http://127.0.0.1:9/", prompt: "read" } }] },
    { text: "I could not change anything." },
  ];
}

const CREATED = ["written.md", "book.ipynb", "bash.md"];
const NOTEBOOK = JSON.stringify({ cells: [{ cell_type: "code", source: ["print(1)"], metadata: {}, outputs: [], execution_count: null }], metadata: {}, nbformat: 4, nbformat_minor: 5 });

describe("Claude Code transport inside the sandbox (real CLI, real bubblewrap)", () => {
  for (const mode of ["plan", "review", "orchestrate"] as const) {
    it(`T4, H1: in the ${mode} room every write, shell redirect and fetch is refused with Gatehouse's reason and the worktree is unchanged`, async () => {
      const before = await snapshotTree(fx.root);
      const result = await turnIn(mode, writeAttempts());
      expect(result.text).toBe("I could not change anything.");
      const results = server!.toolResults();
      expect(results).toHaveLength(6);
      for (const r of results) expect(r.isError, r.text).toBe(true);
      expect(result.calls.map((c) => c.decision)).toEqual(["deny", "deny", "deny", "deny", "deny", "deny"]);
      // Gatehouse's own reasons, recorded for the room: the mode's profile (M5, M7) or the transport (T4).
      expect(result.calls.map((c) => c.rule)).toEqual(["M5", "M5", "M5", "M5", "M7", "T4"]);
      for (const call of result.calls) expect(call.reason, call.tool).toMatch(/not available/);
      expect(await snapshotTree(fx.root)).toEqual(before);
      for (const name of CREATED) expect(existsSync(path.join(fx.worktree, name)), name).toBe(false);
    }, 180_000);

    it(`T4, H1: in the ${mode} room, with Gatehouse's gate bypassed, the read-only mount alone still refuses every write`, async () => {
      // A notebook to edit, so NotebookEdit reaches the file system rather than stopping at "no such file".
      await writeFile(path.join(fx.worktree, "book.ipynb"), NOTEBOOK);
      await readyForSandbox(fx);
      const before = await snapshotTree(fx.root);
      const file = (name: string) => path.join(fx.worktree, name);
      const result = await turnIn(mode, [
        // The CLI edits only what it has read in the session.
        { toolUses: [{ name: "Read", input: { file_path: file("README.md") } }, { name: "Read", input: { file_path: file("book.ipynb") } }] },
        { toolUses: [{ name: "Write", input: { file_path: file("written.md"), content: "no\n" } }] },
        { toolUses: [{ name: "Edit", input: { file_path: file("README.md"), old_string: "small repository", new_string: "EDITED" } }] },
        { toolUses: [{ name: "NotebookEdit", input: { notebook_path: file("book.ipynb"), new_source: "print(2)", edit_mode: "insert", cell_type: "code" } }] },
        { toolUses: [{ name: "Bash", input: { command: "echo pwned > bash.md; rm -f README.md; echo done", description: "write" } }] },
        { toolUses: [{ name: "WebFetch", input: { url: "http://127.0.0.1:9/", prompt: "read" } }] },
        { text: "Tried." },
      ], { bypassGate: true });
      // The CLI was given the tools, ran them, and Gatehouse's gate was not asked: only the mount stood in the way.
      const offered = server!.requests.find((r) => r.tools?.length)!.tools!.map((t) => t.name);
      expect(offered).toEqual(expect.arrayContaining(["Write", "Edit", "NotebookEdit", "Bash", "WebFetch"]));
      expect(result.calls).toEqual([]);
      const byTool = new Map(server!.toolResults().map((r) => [r.id.replace(/^toolu_\d+_/, ""), r]));
      for (const tool of ["Write", "Edit", "NotebookEdit"]) {
        expect(byTool.get(tool)?.isError, tool).toBe(true);
        expect(byTool.get(tool)?.text, tool).toMatch(/EROFS|read-only file system/i);
      }
      expect(byTool.get("Bash")?.text).toMatch(/bash\.md: Read-only file system/);
      expect(byTool.get("Bash")?.text).toMatch(/README\.md.*Read-only file system/);
      // No network in the sandbox but the relay to the model endpoint.
      expect(byTool.get("WebFetch")?.isError).toBe(true);
      const after = await snapshotTree(fx.root);
      expect([...after].filter(([entry, value]) => before.get(entry) !== value)).toEqual([]);
      expect(after.size).toBe(before.size);
      for (const name of ["written.md", "bash.md"]) expect(existsSync(path.join(fx.worktree, name)), name).toBe(false);
    }, 180_000);
  }

  it("T4, C1: in chat the legitimate write and shell redirect succeed inside the sandbox, as the sandbox's user", async () => {
    const result = await turnIn("chat", [
      { toolUses: [{ name: "Write", input: { file_path: path.join(fx.worktree, "notes.md"), content: "written by claude\n" } }] },
      { toolUses: [{ name: "Bash", input: { command: "echo from-bash > bash.md", description: "write" } }] },
      { text: "Written." },
    ]);
    expect(result.calls.map((c) => [c.tool, c.decision])).toEqual([["Write", "allow"], ["Bash", "allow"]]);
    for (const r of server!.toolResults()) expect(r.isError, r.text).toBe(false);
    expect(await readFile(path.join(fx.worktree, "notes.md"), "utf8")).toBe("written by claude\n");
    expect(await readFile(path.join(fx.worktree, "bash.md"), "utf8")).toBe("from-bash\n");
    const user = sandboxUser();
    if (user) expect((await stat(path.join(fx.worktree, "notes.md"))).uid).toBe(user.uid);
  }, 180_000);
});
