/**
 * How many sandboxes run at once (H1): at most GATEHOUSE_SANDBOX_PER_WORKSPACE
 * per workspace and GATEHOUSE_SANDBOX_TOTAL over all, in this server process.
 *
 * A command that finds no free slot waits a little (another run's command
 * usually ends within seconds) — a freed slot goes to the waiting workspace
 * running the fewest, then to the earliest — then is refused with a
 * message saying why. It never waits without bound: a waiting command holds a
 * worker, and one workspace must not be able to park every worker that way.
 */
import { env } from "../config/env";

export class SandboxBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SandboxBusyError";
  }
}

interface Waiter {
  workspaceId: string;
  wake: () => void;
}

const running = new Map<string, number>();
let total = 0;
const queue: Waiter[] = [];

function fits(workspaceId: string): boolean {
  const { GATEHOUSE_SANDBOX_PER_WORKSPACE: perWorkspace, GATEHOUSE_SANDBOX_TOTAL: max } = env();
  return (running.get(workspaceId) ?? 0) < perWorkspace && total < max;
}

/**
 * Fair share: of the waiters that fit now, the one whose workspace runs the
 * fewest sandboxes, first come among equals. A workspace with many commands
 * queued takes turns with one that waits for its first.
 */
function nextWaiter(): Waiter | undefined {
  let best: Waiter | undefined;
  for (const waiter of queue) {
    if (!fits(waiter.workspaceId)) continue;
    if (!best || (running.get(waiter.workspaceId) ?? 0) < (running.get(best.workspaceId) ?? 0)) best = waiter;
  }
  return best;
}

function take(workspaceId: string): () => void {
  running.set(workspaceId, (running.get(workspaceId) ?? 0) + 1);
  total += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (running.get(workspaceId) ?? 1) - 1;
    if (left > 0) running.set(workspaceId, left);
    else running.delete(workspaceId);
    total -= 1;
    nextWaiter()?.wake();
  };
}

/** Reserves a slot for `workspaceId`; the returned function gives it back (idempotent). */
export async function acquireSandboxSlot(workspaceId: string, signal?: AbortSignal): Promise<() => void> {
  // Nobody queued ahead that could take it: first come, first served.
  if (fits(workspaceId) && !queue.some((w) => w.workspaceId === workspaceId)) return take(workspaceId);

  const { GATEHOUSE_SANDBOX_WAIT_MS: waitMs, GATEHOUSE_SANDBOX_PER_WORKSPACE: perWorkspace, GATEHOUSE_SANDBOX_TOTAL: max } = env();
  const busy = () => {
    const mine = running.get(workspaceId) ?? 0;
    const why =
      mine >= perWorkspace
        ? `this workspace already runs ${mine} sandboxed command${mine === 1 ? "" : "s"} at once, its limit (GATEHOUSE_SANDBOX_PER_WORKSPACE=${perWorkspace})`
        : `the server already runs ${total} sandboxed commands at once, its limit (GATEHOUSE_SANDBOX_TOTAL=${max})`;
    return new SandboxBusyError(
      `Refusing to run the command: ${why}, and no slot came free within ${waitMs} ms. Try again when another command has finished.`,
    );
  };
  if (waitMs === 0) throw busy();

  return new Promise((resolve, reject) => {
    const waiter: Waiter = {
      workspaceId,
      wake: () => {
        settle();
        resolve(take(workspaceId));
      },
    };
    const timer = setTimeout(() => {
      settle();
      reject(busy());
    }, waitMs);
    const onAbort = () => {
      settle();
      reject(signal?.reason ?? new Error("aborted"));
    };
    function settle() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      const index = queue.indexOf(waiter);
      if (index >= 0) queue.splice(index, 1);
    }
    if (signal?.aborted) return onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
    queue.push(waiter);
  });
}
