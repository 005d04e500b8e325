/**
 * Shared pieces of the plan-mode tests: a scripted planner whose plan-mode
 * run submits a four-step plan (a → b, a → c, b + c → d) and whose ticket
 * runs ("^Ticket ") finish with a summary; tickets whose key starts with
 * "fail-" exceed the run's step limit, so their run fails.
 */
import type { Database } from "../../lib/db/client";
import { startWorker, type RunningWorker } from "../../lib/queue/run-worker";
import { jobHandlers } from "../../lib/runtime/job-handlers";
export { waitFor } from "./wait-for";

export const TICKET_SUMMARY = "Changed what this step asks for and checked it.";

export const PLAN_NODES = [
  { key: "a", title: "Lay the groundwork", description: "First step.", dependsOn: [] },
  { key: "b", title: "Build on it", description: "Needs a.", dependsOn: ["a"] },
  { key: "c", title: "Build beside it", description: "Needs a.", dependsOn: ["a"] },
  { key: "d", title: "Bring it together", description: "Needs b and c.", dependsOn: ["b", "c"] },
];

export function plannerScript(nodes: unknown[] = PLAN_NODES, goal = "Ship the four-step change") {
  return {
    chunkDelayMs: 5,
    scenarios: [
      { when: "^Ticket fail-", steps: Array.from({ length: 30 }, () => ({ toolCalls: [{ name: "list_dir", args: {} }] })) },
      { when: "^Ticket ", steps: [{ toolCalls: [{ name: "list_dir", args: {} }] }, { text: `Working on it. ${TICKET_SUMMARY}` }] },
      { when: "gatehouse:nudge", steps: [{ text: "No plan is needed here." }] },
      { steps: [{ text: "Here is the plan.", toolCalls: [{ name: "submit_plan", args: { goal, nodes } }] }, { text: "Plan submitted; it waits for approval." }] },
    ],
  };
}


export async function inProcessWorker(db: Database, id = `test-worker-${Math.random().toString(36).slice(2, 8)}`): Promise<RunningWorker> {
  return startWorker({ db, workerId: id, concurrency: 4, leaseMs: 5_000, pollMs: 100, handlers: jobHandlers(db, { owner: id, runLeaseMs: 10_000 }) });
}
