import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireSandboxSlot } from "./sandbox-slots";

const saved = { total: process.env.GATEHOUSE_SANDBOX_TOTAL, per: process.env.GATEHOUSE_SANDBOX_PER_WORKSPACE, wait: process.env.GATEHOUSE_SANDBOX_WAIT_MS };
beforeEach(() => {
  process.env.GATEHOUSE_SANDBOX_TOTAL = "2";
  process.env.GATEHOUSE_SANDBOX_PER_WORKSPACE = "2";
  process.env.GATEHOUSE_SANDBOX_WAIT_MS = "30000";
});
afterEach(() => {
  for (const [name, value] of [["GATEHOUSE_SANDBOX_TOTAL", saved.total], ["GATEHOUSE_SANDBOX_PER_WORKSPACE", saved.per], ["GATEHOUSE_SANDBOX_WAIT_MS", saved.wait]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe("sandbox slots", () => {
  it("issue 22 item 7: a freed slot goes to the waiting workspace that runs none, not to the flood queued before it", async () => {
    const held = [await acquireSandboxSlot("ws-flood"), await acquireSandboxSlot("ws-flood")];
    const order: string[] = [];
    const waiting = [
      ...[1, 2, 3].map((i) => acquireSandboxSlot("ws-flood").then((release) => (order.push(`flood-${i}`), release))),
      acquireSandboxSlot("ws-quiet").then((release) => (order.push("quiet"), release)),
    ];
    held[0]!();
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual(["quiet"]);
    // With one each running, the flood's waiters take their turns in arrival order.
    held[1]!();
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual(["quiet", "flood-1"]);
    for (const release of await Promise.all(waiting.slice(0, 1).concat(waiting.slice(3)))) release();
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual(["quiet", "flood-1", "flood-2", "flood-3"]);
    for (const release of await Promise.all(waiting)) release();
  });
});
