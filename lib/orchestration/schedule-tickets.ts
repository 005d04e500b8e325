/**
 * SPEC P3: run an orchestration's tickets in dependency order, independent
 * ones in parallel up to a limit; a failed ticket stops its dependants and
 * says so, and the rest can be retried.
 *
 * The scheduler is a pure function of the tickets' current statuses: the
 * worker calls it after every status change and applies the decision. Keeping
 * no state of its own means a restarted worker (A5) decides exactly what the
 * old one would have.
 */

/** Ticket statuses, as the `TicketStatus` enum in the schema. */
export const TICKET_STATUSES = ["pending", "running", "succeeded", "failed", "blocked", "in_review"] as const;
/** Status of one ticket. */
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** What the scheduler needs from a ticket row. */
export interface SchedulableTicket {
  key: string;
  dependsOn: readonly string[];
  status: TicketStatus;
}

/** A pending ticket that can never start in this attempt. */
export interface BlockedTicket {
  key: string;
  /**
   * the failed ticket that causes the block, or — when no failed ticket is
   * behind it — the nearest ticket that was already blocked; null when the
   * graph itself is broken (unknown dependency, cycle)
   */
  ancestor: string | null;
  /** one sentence for the ticket's `error` column, naming the failed ancestor */
  reason: string;
}

/** Orchestration status, as `Orchestration.status`. */
export type OrchestrationStatus = "running" | "succeeded" | "failed";

/** What to do now. Apply `block` and `start`; `status` already accounts for both. */
export interface ScheduleDecision {
  /** pending tickets to start now, most urgent first (at most parallelism minus running) */
  start: string[];
  /** pending tickets to mark `blocked`, in input order */
  block: BlockedTicket[];
  /** the orchestration's status once the decision is applied */
  status: OrchestrationStatus;
  /** true when nothing is pending or running any more (`status` is succeeded or failed) */
  finished: boolean;
}

/**
 * P3: decide which tickets start and which become blocked.
 *
 * Ready means pending with every dependency succeeded. Among ready tickets the
 * one heading the longest chain of remaining work starts first (critical path
 * first shortens the whole run), ties in input order, so the decision is
 * deterministic. Independent tickets keep running after a failure; only the
 * failed ticket's dependants, transitively, are blocked.
 *
 * @throws RangeError when parallelism is not a positive integer
 * @throws Error on duplicate ticket keys
 */
export function scheduleTickets(tickets: readonly SchedulableTicket[], parallelism: number): ScheduleDecision {
  if (!Number.isInteger(parallelism) || parallelism < 1) {
    throw new RangeError(`parallelism must be a positive integer, got ${parallelism}`);
  }
  const graph = buildGraph(tickets);
  const n = tickets.length;

  // Blocking causes flow along dependency order: a ticket's cause is settled
  // before any of its dependants is looked at.
  const cause: (string | null | undefined)[] = new Array(n).fill(undefined);
  const block: BlockedTicket[] = [];
  const blockedNow = new Uint8Array(n);
  for (const i of graph.order) {
    const ticket = tickets[i]!;
    if (ticket.status === "failed") {
      cause[i] = ticket.key;
      continue;
    }
    if (ticket.status !== "pending" && ticket.status !== "blocked") continue;
    const unknown = graph.unknown[i];
    if (unknown !== undefined) {
      cause[i] = null;
      if (ticket.status === "pending") {
        blockedNow[i] = 1;
        block.push({
          key: ticket.key,
          ancestor: null,
          reason: `dependency ${q(unknown)} is not a ticket in this orchestration`,
        });
      }
      continue;
    }
    const via = graph.deps[i]!.find((d) => cause[d] !== undefined);
    if (via === undefined) {
      // A ticket left blocked with nothing failed behind it (e.g. only part of
      // a failure was retried) still blocks its own dependants.
      if (ticket.status === "blocked") cause[i] = ticket.key;
      continue;
    }
    // `find` above guarantees defined; null means the graph behind it is broken.
    const root = cause[via] ?? null;
    cause[i] = root;
    if (ticket.status === "pending") {
      blockedNow[i] = 1;
      const rootTicket = root === null ? undefined : tickets[graph.indexOf.get(root)!];
      block.push({ key: ticket.key, ancestor: root, reason: blockReason(tickets[via]!, rootTicket) });
    }
  }
  // Tickets Kahn's algorithm never reached sit on or behind a cycle: nothing
  // can ever start them, so they are blocked now instead of waiting forever.
  for (let i = 0; i < n; i++) {
    const ticket = tickets[i]!;
    if (graph.ordered[i] || ticket.status !== "pending") continue;
    blockedNow[i] = 1;
    block.push({
      key: ticket.key,
      ancestor: null,
      reason: "it is part of, or depends on, a dependency cycle, so it can never start",
    });
  }
  block.sort((a, b) => graph.indexOf.get(a.key)! - graph.indexOf.get(b.key)!);

  let running = 0;
  const ready: number[] = [];
  for (let i = 0; i < n; i++) {
    const ticket = tickets[i]!;
    // O7: a ticket in review holds no agent, so it takes no slot; its dependants still wait for it.
    if (ticket.status === "running") running++;
    if (ticket.status !== "pending" || blockedNow[i]) continue;
    if (graph.deps[i]!.every((d) => tickets[d]!.status === "succeeded")) ready.push(i);
  }
  const height = graph.heights();
  ready.sort((a, b) => height[b]! - height[a]! || a - b);
  const start = ready.slice(0, Math.max(0, parallelism - running)).map((i) => tickets[i]!.key);

  // Started tickets are among the pending ones, so they need no extra count.
  let open = running;
  let allSucceeded = true;
  for (let i = 0; i < n; i++) {
    const status = tickets[i]!.status;
    if ((status === "pending" && !blockedNow[i]) || status === "in_review") open++;
    if (status !== "succeeded") allSucceeded = false;
  }
  const status: OrchestrationStatus = open > 0 ? "running" : allSucceeded ? "succeeded" : "failed";
  return { start, block, status, finished: status !== "running" };
}

/**
 * P3: after a failure, the tickets that can be reset to `pending` for a retry.
 *
 * Without `failedKey`: every failed ticket and every blocked ticket, in input
 * order — the scheduler re-blocks any whose ancestor is still failed. With
 * `failedKey`: that failed ticket and the blocked tickets behind it
 * (transitively), for a "retry this ticket" button. Tickets the graph itself
 * blocks (unknown dependency, cycle) are never retryable; a retry cannot fix them.
 */
export function retryable(tickets: readonly SchedulableTicket[], failedKey?: string): string[] {
  const graph = buildGraph(tickets);
  const broken = new Uint8Array(tickets.length);
  for (let i = 0; i < tickets.length; i++) {
    if (!graph.ordered[i] || graph.unknown[i] !== undefined) broken[i] = 1;
  }
  // Broken-ness is inherited: behind an unknown dependency nothing can run either.
  for (const i of graph.order) if (graph.deps[i]!.some((d) => broken[d])) broken[i] = 1;

  const eligible = (i: number): boolean => {
    const status = tickets[i]!.status;
    return !broken[i] && (status === "failed" || status === "blocked");
  };

  if (failedKey === undefined) {
    return tickets.flatMap((ticket, i) => (eligible(i) ? [ticket.key] : []));
  }
  const root = graph.indexOf.get(failedKey);
  if (root === undefined || tickets[root]!.status !== "failed" || !eligible(root)) return [];
  const chosen = new Uint8Array(tickets.length);
  chosen[root] = 1;
  const queue = [root];
  for (let head = 0; head < queue.length; head++) {
    for (const v of graph.dependants[queue[head]!]!) {
      if (chosen[v] || tickets[v]!.status !== "blocked" || !eligible(v)) continue;
      chosen[v] = 1;
      queue.push(v);
    }
  }
  return tickets.flatMap((ticket, i) => (chosen[i] ? [ticket.key] : []));
}

interface TicketGraph {
  indexOf: Map<string, number>;
  /** known dependencies per ticket, as indices, in dependsOn order, without repeats */
  deps: number[][];
  dependants: number[][];
  /** first unknown dependency per ticket, if any */
  unknown: (string | undefined)[];
  /** indices in dependency order (Kahn); tickets on or behind a cycle are missing */
  order: number[];
  ordered: Uint8Array;
  /** longest chain of dependants below each ticket (0 for a leaf), computed on demand */
  heights(): Int32Array;
}

function buildGraph(tickets: readonly SchedulableTicket[]): TicketGraph {
  const n = tickets.length;
  const indexOf = new Map<string, number>();
  tickets.forEach((ticket, i) => {
    if (indexOf.has(ticket.key)) throw new Error(`duplicate ticket key ${q(ticket.key)}`);
    indexOf.set(ticket.key, i);
  });
  const deps: number[][] = [];
  const dependants: number[][] = Array.from({ length: n }, () => []);
  const unknown: (string | undefined)[] = new Array(n).fill(undefined);
  const waiting = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const out: number[] = [];
    for (const key of new Set(tickets[i]!.dependsOn)) {
      const j = indexOf.get(key);
      if (j === undefined) {
        unknown[i] ??= key;
        continue;
      }
      out.push(j);
      dependants[j]!.push(i);
      waiting[i]!++;
    }
    deps.push(out);
  }
  const order: number[] = [];
  for (let i = 0; i < n; i++) if (waiting[i] === 0) order.push(i);
  for (let head = 0; head < order.length; head++) {
    for (const v of dependants[order[head]!]!) if (--waiting[v]! === 0) order.push(v);
  }
  const ordered = new Uint8Array(n);
  for (const i of order) ordered[i] = 1;

  return {
    indexOf,
    deps,
    dependants,
    unknown,
    order,
    ordered,
    heights() {
      const height = new Int32Array(n);
      for (let k = order.length - 1; k >= 0; k--) {
        const u = order[k]!;
        for (const v of dependants[u]!) if (height[v]! + 1 > height[u]!) height[u] = height[v]! + 1;
      }
      return height;
    },
  };
}

function blockReason(via: SchedulableTicket, root: SchedulableTicket | undefined): string {
  if (root === undefined) return `dependency ${q(via.key)} can never run: the ticket graph behind it is broken`;
  const what = root.status === "failed" ? "failed" : "is blocked";
  if (via.key === root.key) return `dependency ${q(root.key)} ${what}`;
  return `dependency ${q(via.key)} is blocked because ${q(root.key)} ${what}`;
}

function q(key: string): string {
  return JSON.stringify(key);
}
