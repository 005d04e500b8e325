/**
 * T2–T4 with the real Claude Code CLI (the binary of @anthropic-ai/claude-agent-sdk's
 * platform package) against a local server speaking the Anthropic Messages
 * API, which scripts the CLI's own file, shell and web tools. Real git worktree.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { profileOf } from "../../modes/profiles";
import { materializeSurface } from "../../modes/surface";
import type { Autonomy, Mode } from "../../modes/types";
import { makeFixture, type Fixture } from "../../repos/git.test-support";
import { TOOL_SPECS } from "../../tools/registry";
import { runClaudeCodeTurn } from "./run-claude-code";
import { startAnthropicScriptServer, type AnthropicScriptServer, type ScriptedTurn } from "./testing/anthropic-script-server";
import { fetchAllowing } from "./testing/sandboxed-turn";

let fx: Fixture;
let server: AnthropicScriptServer | null = null;
beforeEach(async () => {
  fx = await makeFixture();
});
afterEach(async () => {
  await server?.close();
  server = null;
  await fx.cleanup();
});

async function turnIn(mode: Mode, script: ScriptedTurn[], options: { autonomy?: Autonomy; onConfirm?: () => Promise<boolean> } = {}) {
  server = await startAnthropicScriptServer(script);
  const surface = materializeSurface(profileOf(mode), TOOL_SPECS, { autonomy: options.autonomy ?? "auto" });
  return runClaudeCodeTurn({
    surface,
    worktree: fx.worktree,
    prompt: "make the change",
    baseUrl: server.baseUrl,
    apiKey: "test-key",
    model: "claude-sonnet-4-5",
    fetch: fetchAllowing(new URL(server.baseUrl).host),
    sandboxed: false,
    onConfirm: options.onConfirm,
  });
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

describe("Claude Code transport (real CLI)", () => {
  for (const mode of ["plan", "review", "orchestrate"] as const) {
    it(`T2, T3, T4: in the ${mode} room every write, shell redirect and fetch is refused and the worktree is unchanged`, async () => {
      const before = status();
      const readme = await readFile(path.join(fx.worktree, "README.md"), "utf8");
      const result = await turnIn(mode, writeAttempts());
      expect(result.text).toBe("I could not change anything.");
      // T3: none of them was loaded; the CLI never had them to run.
      const offered = server!.requests.find((r) => r.tools?.length)!.tools!.map((t) => t.name);
      for (const tool of ["Write", "Edit", "MultiEdit", "NotebookEdit", "Bash", "WebFetch"]) expect(offered, tool).not.toContain(tool);
      expect(offered).toEqual(expect.arrayContaining(["Read", "Grep", "Glob"]));
      const results = server!.toolResults();
      expect(results).toHaveLength(6);
      for (const r of results) expect(r.isError, r.text).toBe(true);
      expect(status()).toBe(before);
      expect(await readFile(path.join(fx.worktree, "README.md"), "utf8")).toBe(readme);
      for (const name of ["written.md", "book.ipynb", "bash.md"]) expect(existsSync(path.join(fx.worktree, name)), name).toBe(false);
    }, 120_000);
  }

  it("T4: a read in a plan room passes Gatehouse's guard before the CLI runs it; a path outside the worktree is refused with Gatehouse's reason", async () => {
    const result = await turnIn("plan", [
      { toolUses: [{ name: "Read", input: { file_path: path.join(fx.worktree, "README.md") } }] },
      { toolUses: [{ name: "Read", input: { file_path: "/etc/hostname" } }] },
      { text: "Read it." },
    ]);
    expect(result.calls.map((c) => [c.tool, c.gatehouseTool, c.decision, c.rule])).toEqual([
      ["Read", "read_file", "allow", "M4"],
      ["Read", "read_file", "deny", "H2"],
    ]);
    const [first, second] = server!.toolResults();
    expect(first!.isError).toBe(false);
    expect(second!.isError).toBe(true);
    expect(second!.text).toContain("Refused by Gatehouse: Read refused: file_path /etc/hostname lies outside the room's worktree [H2]");
  }, 120_000);

  it("T4: in chat the legitimate write succeeds, after passing the guard", async () => {
    const result = await turnIn("chat", [{ toolUses: [{ name: "Write", input: { file_path: path.join(fx.worktree, "notes.md"), content: "written by claude\n" } }] }, { text: "Written." }]);
    expect(result.calls.map((c) => [c.tool, c.decision])).toEqual([["Write", "allow"]]);
    expect(await readFile(path.join(fx.worktree, "notes.md"), "utf8")).toBe("written by claude\n");
  }, 120_000);

  it("T4, G4: in chat under 'ask' the CLI's write waits for Gatehouse's approval gate; refused, its reason reaches the model and nothing is written", async () => {
    const asked: string[] = [];
    const result = await turnIn("chat", [{ toolUses: [{ name: "Write", input: { file_path: path.join(fx.worktree, "asked.md"), content: "x" } }] }, { text: "Not written." }], {
      autonomy: "ask",
      onConfirm: async () => {
        asked.push("Write");
        return false;
      },
    });
    expect(asked).toEqual(["Write"]);
    expect(result.calls.map((c) => [c.tool, c.decision, c.rule])).toEqual([["Write", "confirm", "G3"]]);
    expect(server!.toolResults()[0]!.text).toContain("Refused by Gatehouse: a person did not confirm this call");
    expect(existsSync(path.join(fx.worktree, "asked.md"))).toBe(false);
  }, 120_000);
});
