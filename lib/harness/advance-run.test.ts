/** The agent loop over a real worktree and the real tools, with a scripted model (T1, G3, G4, S4, P4). */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeFixture, type Fixture } from "../repos/git.test-support";
import { advanceRun } from "./lifecycle/advance-run";
import { harnessFixture } from "./harness.test-support";

let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
});
afterEach(() => fx.cleanup());

const step = (name: string, args: unknown) => ({ toolCalls: [{ name, args }] });

describe("advanceRun", () => {
  it("T1: the model is offered only the surface's tools, and each call is recorded with tier, effects, decision, reason and duration", async () => {
    const h = harnessFixture({
      worktree: fx.worktree,
      script: { scenarios: [{ steps: [step("read_file", { path: "README.md" }), step("write_file", { path: "notes.md", content: "hi\n" }), { text: "Done." }] }] },
    });
    h.startRun("run-1", "take notes");
    const result = await advanceRun(h.deps, "run-1");
    expect(result).toMatchObject({ status: "succeeded", claimed: true });
    expect(h.offers[0]!.tools).toContain("write_file");
    expect(h.offers[0]!.tools).not.toContain("submit_plan");
    expect(await readFile(path.join(fx.worktree, "notes.md"), "utf8")).toBe("hi\n");
    const calls = [...h.store.calls.values()];
    expect(calls.map((c) => [c.tool, c.tier, c.decision, c.status])).toEqual([
      ["read_file", "read", "allow", "executed"],
      ["write_file", "write", "allow", "executed"],
    ]);
    expect(calls[1]!.effects).toEqual(["write_worktree"]);
    expect(calls[1]!.reason).toMatch(/on the Agent surface/);
    expect(calls.every((c) => typeof c.durationMs === "number")).toBe(true);
  });

  it("T1: in plan mode write tools are not offered, and a write the model names anyway is refused as not available in this mode", async () => {
    const h = harnessFixture({
      mode: "plan",
      worktree: fx.worktree,
      script: { scenarios: [{ steps: [step("write_file", { path: "x.md", content: "no" }), { text: "No plan is needed here." }] }] },
    });
    h.startRun("run-1", "change something");
    await advanceRun(h.deps, "run-1");
    expect(h.offers[0]!.tools).not.toContain("write_file");
    const call = [...h.store.calls.values()][0]!;
    expect(call).toMatchObject({ tool: "write_file", decision: "deny", status: "refused" });
    expect(String(call.result)).toMatch(/not available in this mode/);
    expect(existsSync(path.join(fx.worktree, "x.md"))).toBe(false);
  });

  it("S4: a mode change during a run applies from the next turn", async () => {
    const h = harnessFixture({
      worktree: fx.worktree,
      script: {
        scenarios: [{ steps: [step("write_file", { path: "a.md", content: "1" }), step("write_file", { path: "b.md", content: "2" }), { text: "Done." }] }],
      },
      // A person switches the room to plan while the first turn is being answered.
      beforeTurn: (turn, store) => {
        if (turn === 0) store.rooms.get("room-1")!.mode = "plan";
      },
    });
    h.startRun("run-1", "write two files");
    await advanceRun(h.deps, "run-1");
    expect(existsSync(path.join(fx.worktree, "a.md"))).toBe(true);
    expect(existsSync(path.join(fx.worktree, "b.md"))).toBe(false);
    expect(h.offers[0]!.tools).toContain("write_file");
    expect(h.offers[1]!.tools).not.toContain("write_file");
    expect(h.events.filter((e) => e.type === "turn.started").map((e) => (e as { mode: string }).mode).slice(0, 3)).toEqual(["chat", "plan", "plan"]);
  });

  it("S4: a room id from another workspace resolves to chat with nothing of that room reachable", async () => {
    const h = harnessFixture({
      mode: "plan",
      worktree: fx.worktree,
      script: { scenarios: [{ steps: [step("read_file", { path: "README.md" }), { text: "ok" }] }] },
    });
    h.startRun("run-1", "read", { workspaceId: "ws-other" });
    await advanceRun(h.deps, "run-1");
    expect(h.events.find((e) => e.type === "run.started")).toMatchObject({ mode: "chat" });
    const call = [...h.store.calls.values()][0]!;
    expect(call.status).toBe("error");
    expect(String(call.result)).toMatch(/no worktree|worktree/i);
  });

  it("G4: a call that needs confirmation is refused at once when no one who could approve is connected", async () => {
    const h = harnessFixture({
      autonomy: "ask",
      worktree: fx.worktree,
      script: { scenarios: [{ steps: [step("write_file", { path: "a.md", content: "1" }), { text: "Could not write." }] }] },
    });
    h.setApproverConnected(false);
    h.startRun("run-1", "write");
    const result = await advanceRun(h.deps, "run-1");
    expect(result.status).toBe("succeeded");
    const call = [...h.store.calls.values()][0]!;
    expect(call).toMatchObject({ decision: "confirm", status: "refused" });
    expect(String(call.result)).toMatch(/no one who could approve is connected/);
    expect(h.store.approvals.size).toBe(0);
    expect(existsSync(path.join(fx.worktree, "a.md"))).toBe(false);
  });

  it("G4: a confirmation suspends the run; after approval it resumes and executes the call exactly once", async () => {
    const h = harnessFixture({
      autonomy: "ask",
      worktree: fx.worktree,
      script: { scenarios: [{ steps: [step("write_file", { path: "a.md", content: "1\n" }), { text: "Written." }] }] },
    });
    h.startRun("run-1", "write");
    expect((await advanceRun(h.deps, "run-1")).status).toBe("waiting");
    expect(existsSync(path.join(fx.worktree, "a.md"))).toBe(false);
    expect(h.events.some((e) => e.type === "approval.requested")).toBe(true);
    // Resuming before a decision changes nothing.
    expect((await advanceRun(h.deps, "run-1")).status).toBe("waiting");
    const [approval] = [...h.store.approvals.values()];
    h.store.decide(approval!.id, "approved");
    expect((await advanceRun(h.deps, "run-1")).status).toBe("succeeded");
    expect(await readFile(path.join(fx.worktree, "a.md"), "utf8")).toBe("1\n");
    // A stray second resume of a finished run does nothing.
    expect((await advanceRun(h.deps, "run-1")).claimed).toBe(false);
    expect([...h.store.calls.values()].filter((c) => c.status === "executed")).toHaveLength(1);
  });

  it("G4: a denied confirmation is reported to the model and nothing is executed", async () => {
    const h = harnessFixture({
      autonomy: "ask",
      worktree: fx.worktree,
      script: { scenarios: [{ steps: [step("delete_file", { path: "README.md" }), { text: "Understood." }] }] },
    });
    h.startRun("run-1", "delete");
    await advanceRun(h.deps, "run-1");
    h.store.decide([...h.store.approvals.values()][0]!.id, "rejected", "keep the readme");
    expect((await advanceRun(h.deps, "run-1")).status).toBe("succeeded");
    expect(existsSync(path.join(fx.worktree, "README.md"))).toBe(true);
    expect(String([...h.store.calls.values()][0]!.result)).toMatch(/Refused by a person: keep the readme/);
  });

  it("S4: a call approved after the room switched to plan is refused by the new mode", async () => {
    const h = harnessFixture({
      autonomy: "ask",
      worktree: fx.worktree,
      script: { scenarios: [{ steps: [step("write_file", { path: "a.md", content: "1" }), { text: "ok" }] }] },
    });
    h.startRun("run-1", "write");
    await advanceRun(h.deps, "run-1");
    h.store.rooms.get("room-1")!.mode = "plan";
    h.store.decide([...h.store.approvals.values()][0]!.id, "approved");
    await advanceRun(h.deps, "run-1");
    expect(existsSync(path.join(fx.worktree, "a.md"))).toBe(false);
    expect(String([...h.store.calls.values()][0]!.result)).toMatch(/changed to Plan mode while this call waited/);
  });

  it("G2: ask_user parks the run until a person answers, and is never behind an approval", async () => {
    const h = harnessFixture({
      autonomy: "ask",
      worktree: fx.worktree,
      script: { scenarios: [{ steps: [step("ask_user", { question: "Which file?" }), { text: "Thanks." }] }] },
    });
    h.setApproverConnected(false);
    h.startRun("run-1", "help");
    expect((await advanceRun(h.deps, "run-1")).status).toBe("waiting");
    expect(h.store.approvals.size).toBe(0);
    expect(h.events.find((e) => e.type === "question")).toMatchObject({ prompt: "Which file?" });
    const call = [...h.store.calls.values()][0]!;
    await h.store.finishCall("run-1", call.callId, { status: "executed", result: { answer: "README.md" } });
    expect((await advanceRun(h.deps, "run-1")).status).toBe("succeeded");
  });

  it("T1: malformed arguments come back to the model as a clear error and the run continues", async () => {
    const h = harnessFixture({
      worktree: fx.worktree,
      script: { scenarios: [{ steps: [step("read_file", { file: "README.md" }), { text: "Sorry." }] }] },
    });
    h.startRun("run-1", "read");
    expect((await advanceRun(h.deps, "run-1")).status).toBe("succeeded");
    const call = [...h.store.calls.values()][0]!;
    expect(call.status).toBe("error");
    expect(String(call.result)).toMatch(/Invalid call|path/);
  });

  it("P4: a plan-mode run that ends without submit_plan gets exactly one nudge, and may take the honest exit", async () => {
    const h = harnessFixture({
      mode: "plan",
      worktree: fx.worktree,
      script: {
        scenarios: [
          { when: "gatehouse:nudge", steps: [{ text: "This was a plain question: no plan is needed here." }] },
          { steps: [{ text: "The answer is 42." }] },
        ],
      },
    });
    h.startRun("run-1", "what is the answer?");
    const result = await advanceRun(h.deps, "run-1");
    expect(h.events.filter((e) => e.type === "run.nudged")).toHaveLength(1);
    expect(result).toMatchObject({ status: "succeeded", outcome: "never_planned" });
  });

  it("A4: a plan-mode run that narrates a plan after the nudge ends as narrated_plan, not as a plan", async () => {
    const narrated = "Plan:\n1. Add the table\n2. Write the migration\n3. Update the API";
    const h = harnessFixture({
      mode: "plan",
      worktree: fx.worktree,
      script: { scenarios: [{ steps: [{ text: narrated }, { text: narrated }] }] },
    });
    h.startRun("run-1", "add invoices");
    const result = await advanceRun(h.deps, "run-1");
    expect(h.events.filter((e) => e.type === "run.nudged")).toHaveLength(1);
    expect(result.outcome).toBe("narrated_plan");
  });

  it("T1: a run stops at its step limit and says so", async () => {
    const h = harnessFixture({
      worktree: fx.worktree,
      maxSteps: 3,
      script: { scenarios: [{ steps: Array.from({ length: 10 }, () => step("list_dir", {})) }] },
    });
    h.startRun("run-1", "loop");
    const result = await advanceRun(h.deps, "run-1");
    expect(result.status).toBe("failed");
    expect(h.store.runs.get("run-1")!.error).toMatch(/step limit/);
  });

  it("A1: the room's task list is shown to the agent before each step", async () => {
    const h = harnessFixture({
      worktree: fx.worktree,
      script: { scenarios: [{ steps: [{ toolCalls: [{ name: "list_dir", args: {} }] }, { text: "Done." }] }] },
      // The list changes while the first turn is answered; the second turn must show the new one.
      beforeTurn: (turn, store) => {
        if (turn === 0) store.todoLists.set("room-1", [{ content: "Explore the repository", status: "completed" }]);
      },
    });
    h.store.todoLists.set("room-1", [{ content: "Explore the repository", status: "in_progress" }]);
    h.startRun("run-1", "go");
    await advanceRun(h.deps, "run-1");
    expect(h.offers[0]!.system).toContain("## Your task list\n[~] Explore the repository");
    expect(h.offers[1]!.system).toContain("[x] Explore the repository");
  });
});

