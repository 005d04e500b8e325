/**
 * The capability profile of each built-in mode (SPEC M3). This is the only
 * place that decides what a mode allows; surface, guard, posture and prompt
 * are projections of it (M4).
 */
import { WORLD_CHANGING_EFFECTS, type Mode, type ModeProfile } from "./types";

export const PROFILES = {
  /** C1: no extra restrictions — full surface up to execute, writable worktree, no contract. */
  chat: {
    id: "chat",
    mode: "chat",
    declared: false,
    icon: "◆",
    accent: "#2563eb",
    leavable: true,
    grants: null,
    maxTurns: null,
    timeoutSeconds: null,
    label: "Agent",
    description: "Implements, fixes and answers: reads, edits and runs commands in the worktree.",
    selectable: true,
    maxTier: "execute",
    allowlist: null,
    denylist: [],
    deniedEffects: [],
    outputVerb: null,
    modeTools: [],
    posture: "read-write",
    shellOptIn: false,
    completion: "none",
    notes:
      "You are working in the room's own git worktree. Make the change the person asked for, keep it small, " +
      "and verify it where you can before you say it is done.",
    // A6/A8: sub-agents inherit this profile's ceiling; bounded depth and fan-out (review runs do not delegate).
    delegation: { maxDepth: 2, maxChildren: 4 },
  },
  /** P1: read-only, delivers exactly one typed plan. */
  plan: {
    id: "plan",
    mode: "plan",
    declared: false,
    icon: "◇",
    accent: "#7c3aed",
    leavable: true,
    grants: null,
    maxTurns: null,
    timeoutSeconds: null,
    label: "Plan",
    description: "Read-only: investigates and delivers a typed plan for people to approve.",
    selectable: true,
    maxTier: "read",
    allowlist: null,
    denylist: [],
    deniedEffects: WORLD_CHANGING_EFFECTS,
    outputVerb: "submit_plan",
    modeTools: ["exit_plan_mode"],
    posture: "read-only",
    shellOptIn: true,
    completion: "plan",
    notes:
      "This room is in plan mode. The worktree is read-only: investigate, then deliver the plan as a dependency " +
      "graph of small, verifiable steps. Nothing is implemented until a person approves the plan. " +
      "If the request is a plain question that needs no plan, answer it and say that no plan is needed here.",
    delegation: { maxDepth: 2, maxChildren: 4 },
  },
  /** R1: read-only, below the execute tier, curated review/ticket/communication tools. No contract (R6). */
  review: {
    id: "review",
    mode: "review",
    declared: false,
    icon: "◎",
    accent: "#b45309",
    leavable: false,
    grants: null,
    maxTurns: null,
    timeoutSeconds: null,
    label: "Review",
    description: "Read-only pull-request review: structured findings and a verdict.",
    selectable: false,
    maxTier: "write",
    allowlist: ["add_review_node", "finalize_review", "create_ticket", "post_comment"],
    denylist: [],
    deniedEffects: WORLD_CHANGING_EFFECTS,
    outputVerb: null,
    modeTools: ["add_review_node", "finalize_review"],
    posture: "read-only",
    shellOptIn: false,
    completion: "none",
    notes:
      "This room reviews a pull request. Read the change and the code around it. Record each problem as a finding " +
      "with a kind, a priority from P0 (blocks release) to P3 (nice to have) and an honest confidence between 0 and 1; " +
      "anchor it to a file and line range when it has one. Publish the review when you are done, if there is a review to publish. " +
      "When people replied to earlier findings, their replies come with the review request: answer them in your summary, and " +
      "weigh an explanation (\"this is intended because …\") before raising the same finding again.",
    delegation: null,
  },
  /** O1: read-only like plan; one privileged verb above the research surface. */
  orchestrate: {
    id: "orchestrate",
    mode: "orchestrate",
    declared: false,
    icon: "◈",
    accent: "#0f766e",
    leavable: true,
    grants: null,
    maxTurns: null,
    timeoutSeconds: null,
    label: "Orchestrate",
    description: "Read-only: turns a goal into a proposal for a whole team.",
    selectable: true,
    maxTier: "read",
    allowlist: null,
    denylist: [],
    deniedEffects: WORLD_CHANGING_EFFECTS,
    outputVerb: "propose_orchestration",
    modeTools: [],
    posture: "read-only",
    shellOptIn: false,
    completion: "none",
    notes:
      "This room turns a goal into a proposal for a team: the roles it needs, a tree of sub-tickets, a synthesis step " +
      "and a budget. Nothing in the proposal runs until a person approves it; you cannot approve it yourself.",
    delegation: { maxDepth: 2, maxChildren: 4 },
  },
} as const satisfies Record<Mode, ModeProfile>;

/** The built-in profile of `mode`. Declared modes resolve through ./resolve-profile.ts. */
export function profileOf(mode: Mode): ModeProfile {
  return PROFILES[mode];
}

export function isBuiltInMode(id: string): id is Mode {
  return Object.hasOwn(PROFILES, id);
}

/** P5: the profile people and agents leave through the plan_exit gate (plan, and modes extending it). */
export function hasPlanExitGate(profile: ModeProfile): boolean {
  return profile.modeTools.includes("exit_plan_mode");
}

/** C1: where leaving plan mode, or approving work, takes a room. */
export const AGENT_MODE_ID: Mode = "chat";

/** A7: the mode the plan-mode API enters. */
export const PLAN_MODE_ID: Mode = "plan";
