import { describe, expect, it } from "vitest";
import type { CallRecord, HarnessStore } from "../harness/types";
import { pushingAtBoundaries } from "./push-at-boundaries";

function fakeStore(effects: Record<string, readonly string[]>, order: string[]): HarnessStore {
  const base = {
    async getCall(_runId: string, callId: string) {
      return { callId, effects: effects[callId] ?? [] } as unknown as CallRecord;
    },
    async finishCall(_runId: string, callId: string) {
      order.push(`finish ${callId}`);
    },
    async saveCheckpoint(_runId: string, _checkpoint: unknown, status: string) {
      order.push(`save ${status}`);
    },
  };
  return base as unknown as HarnessStore;
}

describe("issue 24.2: room work is pushed at run boundaries", () => {
  it("issue 24.2: a call that can change the worktree is pushed before its result is recorded; a read is not pushed", async () => {
    const order: string[] = [];
    const store = pushingAtBoundaries(fakeStore({ w: ["write_worktree"], r: [], c: ["commit"], x: ["start_process", "network_egress"] }, order), async () => void order.push("push"), () => undefined);
    for (const id of ["w", "r", "c", "x"]) await store.finishCall("run", id, { status: "executed" });
    await store.saveCheckpoint("run", {} as never, "succeeded");
    expect(order).toEqual(["push", "finish w", "finish r", "push", "finish c", "push", "finish x", "save succeeded"]);
  });

  it("issue 24.2: a push that failed is tried again when the run parks or ends, and the run goes on", async () => {
    const order: string[] = [];
    const logged: string[] = [];
    let fail = true;
    const push = async () => {
      order.push(fail ? "push (fails)" : "push");
      if (fail) throw new Error("refs server down");
    };
    const store = pushingAtBoundaries(fakeStore({ w: ["write_worktree"] }, order), push, (m) => logged.push(m));
    await store.finishCall("run", "w", { status: "executed" });
    await store.saveCheckpoint("run", {} as never, "running");
    fail = false;
    await store.saveCheckpoint("run", {} as never, "waiting");
    await store.saveCheckpoint("run", {} as never, "succeeded");
    expect(order).toEqual(["push (fails)", "finish w", "save running", "push", "save waiting", "save succeeded"]);
    expect(logged).toEqual(["pushing the room's work failed: refs server down"]);
  });
});
