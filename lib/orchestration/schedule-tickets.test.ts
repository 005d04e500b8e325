import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { retryable, scheduleTickets, type SchedulableTicket, type TicketStatus } from "./schedule-tickets";

const t = (key: string, dependsOn: string[] = [], status: TicketStatus = "pending"): SchedulableTicket => ({
  key,
  dependsOn,
  status,
});

describe("scheduleTickets (P3)", () => {
  it("P3: only tickets whose dependencies all succeeded start, up to the parallelism limit", () => {
    const tickets = [t("a"), t("b"), t("c"), t("d", ["a"]), t("e", ["a", "b"], "pending")];
    expect(scheduleTickets(tickets, 2)).toEqual({ start: ["a", "b"], block: [], status: "running", finished: false });
    const later = [t("a", [], "succeeded"), t("b", [], "running"), t("c"), t("d", ["a"]), t("e", ["a", "b"])];
    expect(scheduleTickets(later, 2).start).toEqual(["c"]);
    expect(scheduleTickets(later, 3).start).toEqual(["c", "d"]);
  });

  it("P3: running tickets use up the limit", () => {
    const tickets = [t("a", [], "running"), t("b", [], "running"), t("c")];
    expect(scheduleTickets(tickets, 2).start).toEqual([]);
    expect(scheduleTickets(tickets, 1).start).toEqual([]);
  });

  it("P3: the ticket heading the longest chain starts first, ties in input order", () => {
    const tickets = [t("leaf1"), t("leaf2"), t("root"), t("mid", ["root"]), t("top", ["mid"])];
    expect(scheduleTickets(tickets, 1).start).toEqual(["root"]);
    expect(scheduleTickets(tickets, 3).start).toEqual(["root", "leaf1", "leaf2"]);
  });

  it("P3: a failed ticket blocks its dependants and says which ancestor failed", () => {
    const tickets = [
      t("schema", [], "failed"),
      t("api", ["schema"]),
      t("ui", ["api"]),
      t("docs"),
      t("deploy", ["ui", "docs"]),
    ];
    const decision = scheduleTickets(tickets, 4);
    expect(decision.start).toEqual(["docs"]);
    expect(decision.block).toEqual([
      { key: "api", ancestor: "schema", reason: 'dependency "schema" failed' },
      { key: "ui", ancestor: "schema", reason: 'dependency "api" is blocked because "schema" failed' },
      { key: "deploy", ancestor: "schema", reason: 'dependency "ui" is blocked because "schema" failed' },
    ]);
    expect(decision.status).toBe("running");
  });

  it("P3: an already blocked ticket keeps blocking its dependants with the original cause", () => {
    const tickets = [t("a", [], "failed"), t("b", ["a"], "blocked"), t("c", ["b"])];
    expect(scheduleTickets(tickets, 1).block).toEqual([
      { key: "c", ancestor: "a", reason: 'dependency "b" is blocked because "a" failed' },
    ]);
  });

  it("P3: the orchestration finishes succeeded when every ticket succeeded", () => {
    const done = [t("a", [], "succeeded"), t("b", ["a"], "succeeded")];
    expect(scheduleTickets(done, 2)).toEqual({ start: [], block: [], status: "succeeded", finished: true });
    expect(scheduleTickets([], 2).status).toBe("succeeded");
  });

  it("P3: the orchestration finishes failed once nothing can run and something failed", () => {
    const tickets = [t("a", [], "failed"), t("b", ["a"]), t("c", [], "succeeded")];
    const decision = scheduleTickets(tickets, 2);
    expect(decision.block.map((b) => b.key)).toEqual(["b"]);
    expect(decision).toMatchObject({ start: [], status: "failed", finished: true });
  });

  it("P3: it is not finished while independent work still runs after a failure", () => {
    const tickets = [t("a", [], "failed"), t("b", [], "running")];
    expect(scheduleTickets(tickets, 2)).toMatchObject({ status: "running", finished: false });
  });

  it("P3: a broken graph (unknown dependency, cycle) blocks the affected tickets instead of hanging", () => {
    const decision = scheduleTickets([t("a", ["ghost"]), t("b", ["a"]), t("x", ["y"]), t("y", ["x"]), t("ok")], 5);
    expect(decision.start).toEqual(["ok"]);
    expect(decision.block).toEqual([
      { key: "a", ancestor: null, reason: 'dependency "ghost" is not a ticket in this orchestration' },
      { key: "b", ancestor: null, reason: 'dependency "a" can never run: the ticket graph behind it is broken' },
      { key: "x", ancestor: null, reason: "it is part of, or depends on, a dependency cycle, so it can never start" },
      { key: "y", ancestor: null, reason: "it is part of, or depends on, a dependency cycle, so it can never start" },
    ]);
  });

  it("P3: a parallelism that is not a positive integer is refused", () => {
    expect(() => scheduleTickets([], 0)).toThrow(RangeError);
    expect(() => scheduleTickets([], 1.5)).toThrow(RangeError);
    expect(() => scheduleTickets([t("a"), t("a")], 1)).toThrow(/duplicate ticket key "a"/);
  });
});

describe("retryable (P3)", () => {
  const afterFailure = [
    t("schema", [], "failed"),
    t("api", ["schema"], "blocked"),
    t("ui", ["api"], "blocked"),
    t("lint", [], "failed"),
    t("docs", ["lint"], "blocked"),
    t("readme", [], "succeeded"),
    t("bad", ["ghost"], "blocked"),
  ];

  it("P3: after a failure every failed and blocked ticket can be retried, except those the graph itself blocks", () => {
    expect(retryable(afterFailure)).toEqual(["schema", "api", "ui", "lint", "docs"]);
  });

  it("P3: retrying one failed ticket resets it and the tickets it blocked, nothing else", () => {
    expect(retryable(afterFailure, "schema")).toEqual(["schema", "api", "ui"]);
    expect(retryable(afterFailure, "readme")).toEqual([]);
    expect(retryable(afterFailure, "nope")).toEqual([]);
  });

  it("P3: after resetting the retryable tickets the scheduler re-blocks any whose ancestor is still failed", () => {
    const keys = new Set(retryable(afterFailure, "schema"));
    const reset = afterFailure.map((x) => (keys.has(x.key) ? { ...x, status: "pending" as const } : x));
    const decision = scheduleTickets(reset, 4);
    expect(decision.start).toEqual(["schema"]);
    expect(decision.block.map((b) => b.key)).toEqual([]);
  });
});

/** A random DAG of tickets, a parallelism limit, and a coin per ticket deciding whether its run fails. */
const scenario = fc
  .integer({ min: 1, max: 30 })
  .chain((n) =>
    fc.record({
      deps: fc.tuple(...Array.from({ length: n }, (_, i) => fc.subarray(Array.from({ length: i }, (_, j) => j)))),
      order: fc.shuffledSubarray(Array.from({ length: n }, (_, i) => i), { minLength: n, maxLength: n }),
      // About one run in six fails.
      fails: fc.array(
        fc.integer({ min: 0, max: 5 }).map((x) => x === 0),
        { minLength: n, maxLength: n },
      ),
      parallelism: fc.integer({ min: 1, max: 5 }),
      picks: fc.array(fc.nat(), { minLength: 4 * n, maxLength: 4 * n }),
    }),
  );

describe("scheduler simulation (P3)", () => {
  it("P3: over a full random run no ticket starts before its dependencies succeeded and the limit is never exceeded", () => {
    fc.assert(
      fc.property(scenario, ({ deps, order, fails, parallelism, picks }) => {
        const tickets = order.map((i) => t(`k${i}`, deps[i]!.map((j) => `k${j}`)));
        const byKey = new Map(tickets.map((x) => [x.key, x]));
        const willFail = new Map(order.map((i) => [`k${i}`, fails[i]!]));
        let pick = 0;
        let steps = 0;
        for (;;) {
          const decision = scheduleTickets(tickets, parallelism);
          for (const b of decision.block) byKey.get(b.key)!.status = "blocked";
          for (const key of decision.start) {
            const ticket = byKey.get(key)!;
            expect(ticket.status).toBe("pending");
            for (const dep of ticket.dependsOn) expect(byKey.get(dep)!.status).toBe("succeeded");
            ticket.status = "running";
          }
          const running = tickets.filter((x) => x.status === "running");
          expect(running.length).toBeLessThanOrEqual(parallelism);
          if (decision.finished) {
            expect(running).toHaveLength(0);
            break;
          }
          // Finish one running ticket, chosen by the scenario, with its predetermined result.
          expect(running.length).toBeGreaterThan(0);
          const done = running[(picks[pick++ % picks.length] ?? 0) % running.length]!;
          done.status = willFail.get(done.key) ? "failed" : "succeeded";
          expect(++steps).toBeLessThanOrEqual(tickets.length);
        }

        // Nothing is left pending; a ticket is blocked exactly when some ancestor failed.
        const failedAncestor = (key: string, seen = new Set<string>()): boolean =>
          byKey.get(key)!.dependsOn.some((d) => {
            if (seen.has(d)) return false;
            seen.add(d);
            return byKey.get(d)!.status === "failed" || failedAncestor(d, seen);
          });
        for (const ticket of tickets) {
          expect(ticket.status).not.toBe("pending");
          expect(ticket.status === "blocked").toBe(failedAncestor(ticket.key));
        }
        const final = scheduleTickets(tickets, parallelism).status;
        expect(final).toBe(tickets.every((x) => x.status === "succeeded") ? "succeeded" : "failed");

        // A retry of everything retryable, with every run succeeding, completes the orchestration.
        const again = new Set(retryable(tickets));
        for (const ticket of tickets) if (again.has(ticket.key)) ticket.status = "pending";
        for (let guard = 0; guard <= tickets.length; guard++) {
          const decision = scheduleTickets(tickets, parallelism);
          expect(decision.block).toEqual([]);
          if (decision.finished) break;
          for (const key of decision.start) byKey.get(key)!.status = "succeeded";
        }
        expect(tickets.every((x) => x.status === "succeeded")).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
