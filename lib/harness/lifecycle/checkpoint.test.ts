/** A5, X1: the checkpoint is one declaration, read and saved through its schema by every store. */
import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../memory-store";
import { CHECKPOINT_VERSION, newCheckpoint, readCheckpoint } from "./checkpoint";

const waitingStep = { mode: "chat", modeId: "quick", fingerprint: "fp-1", calls: [{ toolCallId: "c1", toolName: "write_file", input: { path: "a.md", content: "x" } }], results: [] };

describe("the run checkpoint", () => {
  it("A5, X1: a version 2 checkpoint migrates and keeps when the run started and the mode and capability its waiting calls were made in", () => {
    const read = readCheckpoint({ version: 2, messages: [{ role: "user", content: "go" }], step: 1, nudged: false, delivered: false, pending: waitingStep, lastText: "", startedAt: 1_700_000_000_000 });
    expect(read).toEqual({
      ok: true,
      checkpoint: expect.objectContaining({ version: CHECKPOINT_VERSION, startedAt: 1_700_000_000_000, pending: expect.objectContaining({ modeId: "quick", fingerprint: "fp-1" }) }),
    });
  });

  it("A5: the in-memory store keeps exactly what PostgreSQL keeps — what the schema reads back — so a wait loses nothing and adds nothing", async () => {
    const store = createMemoryStore();
    store.addRun({ id: "r1", workspaceId: "ws", roomId: null, agentId: null, checkpoint: newCheckpoint([{ role: "user", content: "go" }]) });
    const checkpoint = { ...newCheckpoint([{ role: "user", content: "go" }]), step: 1, startedAt: 42, pending: waitingStep as never, notDeclared: "dropped" };
    await store.saveCheckpoint("r1", checkpoint, "waiting");
    const loaded = (await store.loadRun("r1"))!.checkpoint!;
    expect(loaded).toMatchObject({ startedAt: 42, pending: { modeId: "quick", fingerprint: "fp-1" } });
    expect(loaded).not.toHaveProperty("notDeclared");
  });
});
