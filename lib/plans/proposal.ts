/**
 * SPEC O1 and O4: the input of orchestrate mode's output verb
 * `propose_orchestration` — roles, a tree of sub-tickets, a synthesis step
 * and a budget — its flattening into tickets with dependencies, and the
 * two-minute cooldown between an agent's re-proposals.
 *
 * Approving a proposal (O2, O3) is deliberately not here: that is a human
 * action wired elsewhere, and no function in this file grants anything.
 */
import { z } from "zod";
import { formatZodIssues } from "./format-zod-issues";
import { PLAN_KEY_PATTERN } from "./schemas";

/** Key of the generated synthesis ticket; tickets in the tree may not use it. */
export const SYNTHESIS_KEY = "synthesis";
/** O4: minimum time between two proposals from the same room. */
export const PROPOSAL_COOLDOWN_MS = 120_000;

/** Limits of a proposal, also quoted in its error messages. */
export const PROPOSAL_LIMITS = {
  rolesMax: 20,
  ticketsMax: 200,
  depthMax: 6,
  titleMax: 200,
  descriptionMax: 4000,
  maxRunsMax: 1000,
  maxMinutesMax: 24 * 60,
  maxTokensMax: 1_000_000_000,
} as const;

/** A ticket in the proposal's tree; a parent ticket integrates its children's work. */
export interface ProposalTicket {
  key: string;
  title: string;
  description: string;
  /** name of one of the proposal's roles */
  role: string;
  /** O7: what the change must achieve; its review checks the change against them */
  acceptance?: string[];
  /** O7: path prefixes the ticket may change (e.g. "src/api/"); a change outside them is a finding */
  scope?: string[];
  children?: ProposalTicket[];
}

/** O7: a path prefix in a ticket's scope — relative to the repository root, no "..", no absolute path. */
export const scopePath = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .refine((p) => !p.startsWith("/") && !p.split("/").includes("..") && !/[\\\u0000-\u001f]/.test(p), {
    error: 'must be a path relative to the repository root without ".." (e.g. "src/api/")',
  });

const role = z.strictObject({
  name: z.string().trim().min(1).max(80).describe("Role name, e.g. \"backend\"; tickets refer to it."),
  description: z.string().max(2000).describe("What an agent in this role is hired for."),
});

const proposalTicket: z.ZodType<ProposalTicket> = z.strictObject({
  key: z
    .string()
    .regex(PLAN_KEY_PATTERN, {
      error: 'must be 1–64 characters of letters, digits, ".", "_" or "-", starting with a letter or digit',
    })
    .describe("Unique key of this ticket in the whole tree."),
  title: z.string().trim().min(1).max(PROPOSAL_LIMITS.titleMax),
  description: z.string().max(PROPOSAL_LIMITS.descriptionMax),
  role: z.string().describe("Name of the role that works on this ticket."),
  acceptance: z
    .array(z.string().trim().min(1).max(500))
    .max(20)
    .optional()
    .describe("Acceptance criteria: what the change must achieve. Its pull request's review checks the change against them."),
  scope: z
    .array(scopePath)
    .max(50)
    .optional()
    .describe('Paths the ticket may change, as prefixes relative to the repository root (e.g. "src/api/"). A change outside them is a review finding.'),
  get children() {
    return z
      .array(proposalTicket)
      .optional()
      .describe("Sub-tickets; this ticket starts after all of them are done.");
  },
});

/** O1: the arguments of `propose_orchestration`. */
export const proposeOrchestrationInput = z
  .strictObject({
    roles: z.array(role).min(1).max(PROPOSAL_LIMITS.rolesMax),
    tickets: z.array(proposalTicket).min(1).describe("The ticket tree; roots run in parallel."),
    synthesis: z
      .strictObject({
        title: z.string().trim().min(1).max(PROPOSAL_LIMITS.titleMax),
        description: z.string().max(PROPOSAL_LIMITS.descriptionMax),
      })
      .describe("The final step that combines the results of all root tickets."),
    budget: z.strictObject({
      maxRuns: z.int().min(1).max(PROPOSAL_LIMITS.maxRunsMax).describe("Most agent runs the whole proposal may use."),
      maxMinutes: z.int().min(1).max(PROPOSAL_LIMITS.maxMinutesMax).describe("Most wall-clock minutes it may take."),
      maxTokens: z.int().min(1).max(PROPOSAL_LIMITS.maxTokensMax).optional().describe("Most model tokens (input plus output) all runs may use."),
    }),
  })
  .superRefine((proposal, ctx) => {
    const roleNames = new Set<string>();
    proposal.roles.forEach((r, i) => {
      if (roleNames.has(r.name)) {
        ctx.addIssue({ code: "custom", path: ["roles", i, "name"], message: `role ${q(r.name)} is declared twice; declare each role once` });
      }
      roleNames.add(r.name);
    });
    const known = [...roleNames].map(q).join(", ");

    const seen = new Map<string, string>();
    let count = 0;
    let deepest = 0;
    const walk = (list: readonly ProposalTicket[], path: (string | number)[], depth: number): void => {
      deepest = Math.max(deepest, depth);
      list.forEach((ticket, i) => {
        const at = [...path, i];
        count++;
        const where = at.map((s) => (typeof s === "number" ? `[${s}]` : `.${s}`)).join("").slice(1);
        if (ticket.key === SYNTHESIS_KEY) {
          ctx.addIssue({ code: "custom", path: [...at, "key"], message: `key ${q(SYNTHESIS_KEY)} is reserved for the synthesis step; pick another key` });
        } else if (seen.has(ticket.key)) {
          ctx.addIssue({
            code: "custom",
            path: [...at, "key"],
            message: `key ${q(ticket.key)} is already used at ${seen.get(ticket.key)}; every ticket in the tree needs its own key`,
          });
        } else {
          seen.set(ticket.key, where);
        }
        if (!roleNames.has(ticket.role)) {
          ctx.addIssue({
            code: "custom",
            path: [...at, "role"],
            message: `role ${q(ticket.role)} is not one of the proposal's roles (${known}); declare it in roles or use one of those`,
          });
        }
        if (ticket.children?.length) walk(ticket.children, [...at, "children"], depth + 1);
      });
    };
    walk(proposal.tickets, ["tickets"], 1);

    if (deepest > PROPOSAL_LIMITS.depthMax) {
      ctx.addIssue({ code: "custom", path: ["tickets"], message: `the tree is ${deepest} levels deep; keep it to ${PROPOSAL_LIMITS.depthMax} levels or fewer` });
    }
    if (count > PROPOSAL_LIMITS.ticketsMax) {
      ctx.addIssue({ code: "custom", path: ["tickets"], message: `the tree has ${count} tickets; keep it to ${PROPOSAL_LIMITS.ticketsMax} or fewer` });
    }
    // Every ticket plus the synthesis step needs at least one run.
    if (proposal.budget.maxRuns < count + 1) {
      ctx.addIssue({
        code: "custom",
        path: ["budget", "maxRuns"],
        message: `is ${proposal.budget.maxRuns}, but the proposal needs at least ${count + 1} runs (${count} tickets plus synthesis); raise it or trim the tree`,
      });
    }
  });

/** A parsed `propose_orchestration` payload, as stored in `OrchestrationProposal.payload`. */
export type OrchestrationProposalInput = z.output<typeof proposeOrchestrationInput>;

/** Result of validating `propose_orchestration` arguments. */
export type ProposalValidation =
  | { ok: true; proposal: OrchestrationProposalInput }
  | { ok: false; errors: string[] };

/** O1: validate `propose_orchestration` arguments; errors carry field paths naming ticket keys. */
export function validateProposal(input: unknown): ProposalValidation {
  const parsed = proposeOrchestrationInput.safeParse(input);
  if (parsed.success) return { ok: true, proposal: parsed.data };
  return { ok: false, errors: formatZodIssues(parsed.error.issues, input, { rootName: "proposal" }) };
}

/** A ticket to create from a proposal; `role` is null for the synthesis step (the proposing agent's own). */
export interface ProposalTicketDraft {
  key: string;
  title: string;
  description: string;
  role: string | null;
  dependsOn: string[];
  /** O7: acceptance criteria and scope, empty when the proposal gave none */
  acceptance: string[];
  scope: string[];
}

/**
 * O1: the tree as flat tickets. A parent depends on its children (it
 * integrates their work); the synthesis step depends on every root. Output is
 * in dependency order (children before parents, siblings in tree order,
 * synthesis last), so it can be scheduled as is.
 */
export function flattenProposal(proposal: OrchestrationProposalInput): ProposalTicketDraft[] {
  const out: ProposalTicketDraft[] = [];
  const visit = (ticket: ProposalTicket): void => {
    const children = ticket.children ?? [];
    for (const child of children) visit(child);
    out.push({
      key: ticket.key,
      title: ticket.title,
      description: ticket.description,
      role: ticket.role,
      dependsOn: children.map((c) => c.key),
      acceptance: ticket.acceptance ?? [],
      scope: ticket.scope ?? [],
    });
  };
  for (const root of proposal.tickets) visit(root);
  out.push({
    key: SYNTHESIS_KEY,
    title: proposal.synthesis.title,
    description: proposal.synthesis.description,
    role: null,
    dependsOn: proposal.tickets.map((t) => t.key),
    acceptance: [],
    scope: [],
  });
  return out;
}

/** O4: whether a new proposal may be submitted now. */
export type CooldownCheck = { ok: true } | { ok: false; retryAfterMs: number; message: string };

/**
 * O4: an agent's re-proposals have a two-minute cooldown. `lastProposalAt` is
 * the newest proposal in the room (null when there is none). A timestamp in the
 * future (clock skew) counts as "just now" rather than letting the call through.
 */
export function checkCooldown(lastProposalAt: Date | null, now: Date): CooldownCheck {
  if (lastProposalAt === null) return { ok: true };
  const elapsed = Math.max(0, now.getTime() - lastProposalAt.getTime());
  if (elapsed >= PROPOSAL_COOLDOWN_MS) return { ok: true };
  const retryAfterMs = PROPOSAL_COOLDOWN_MS - elapsed;
  const ago = Math.floor(elapsed / 1000);
  const wait = Math.ceil(retryAfterMs / 1000);
  return {
    ok: false,
    retryAfterMs,
    message:
      `Refused: you proposed an orchestration ${ago} s ago, and re-proposals have a two-minute cooldown. ` +
      `Batch your changes: collect every revision you want, then submit them together as one revised proposal ` +
      `in ${wait} s or later. Your earlier proposal is unchanged.`,
  };
}

function q(value: string): string {
  return JSON.stringify(value);
}
