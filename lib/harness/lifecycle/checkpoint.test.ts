/** A5, X1: the checkpoint is one declaration, read and saved through its schema by every store. */
import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../memory-store";
import { CHECKPOINT_VERSION, newCheckpoint, readCheckpoint, storedCheckpoint } from "./checkpoint";

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

  it("A5: a message is checked once per content — one changed in place after a save is checked again, and a malformed change fails the save", () => {
    const message = { role: "user" as const, content: "go", extra: "not in the schema" };
    const checkpoint = newCheckpoint([message as never]);
    expect(storedCheckpoint(checkpoint).messages).toEqual([{ role: "user", content: "go" }]);
    expect(storedCheckpoint(checkpoint).messages).toEqual([{ role: "user", content: "go" }]);
    message.content = "changed";
    expect(storedCheckpoint(checkpoint).messages).toEqual([{ role: "user", content: "changed" }]);
    (message as { role: string }).role = "not-a-role";
    expect(() => storedCheckpoint(checkpoint)).toThrow();
    expect(() => storedCheckpoint({ ...checkpoint, step: -1 })).toThrow();
  });
});
