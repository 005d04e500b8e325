import "server-only";
/**
 * Issue 24: the run boundaries at which a room's work is pushed as refs
 * (push-room-work.ts), as a wrapper of the harness store so the lifecycle
 * itself knows nothing of hosts:
 *
 * - a tool call that can change the worktree (writes, deletes, commits,
 *   processes) is pushed before its result is recorded — a host that dies
 *   between the two leaves the call "executing", which a resumed run reports
 *   as unknown and never runs again, with its effect already in the refs;
 * - a run that parks (waiting for a person) or ends is pushed before that
 *   status is saved, if a push of this advance failed (otherwise every change
 *   is already pushed: only those calls change the worktree).
 *
 * A push that fails is logged and the run goes on: the work is still on this
 * host's disk, and the next boundary pushes it again.
 */
import type { HarnessStore } from "../harness/types";

const CHANGES_WORK = new Set(["write_worktree", "delete_files", "commit", "start_process"]);

export function changesWork(effects: readonly string[]): boolean {
  return effects.some((effect) => CHANGES_WORK.has(effect));
}

export function pushingAtBoundaries(store: HarnessStore, push: () => Promise<unknown>, log: (message: string) => void): HarnessStore {
  let unpushed = false;
  const pushNow = () =>
    push().then(
      () => {
        unpushed = false;
      },
      (error) => {
        unpushed = true;
        log(`pushing the room's work failed: ${(error as Error).message}`);
      },
    );
  // What each call recorded through this store may change, so finishing it needs no read of its record.
  const effectsOf = new Map<string, readonly string[]>();
  return {
    ...store,
    async recordCall(call) {
      const recorded = await store.recordCall(call);
      effectsOf.set(`${call.runId}:${call.callId}`, recorded.record.effects);
      return recorded;
    },
    async finishCall(runId, callId, patch) {
      const key = `${runId}:${callId}`;
      const effects = effectsOf.get(key) ?? (await store.getCall(runId, callId))?.effects;
      if (patch.status !== "waiting") effectsOf.delete(key);
      if (effects && changesWork(effects)) await pushNow();
      return store.finishCall(runId, callId, patch);
    },
    async saveCheckpoint(runId, checkpoint, status, extra) {
      if (unpushed && status !== "running" && status !== "queued") await pushNow();
      return store.saveCheckpoint(runId, checkpoint, status, extra);
    },
  };
}
