/**
 * Vocabulary of the capability model (SPEC M2–M7, G1–G3). Pure types and
 * constants; the policy itself lives in ./profiles.ts and nowhere else.
 */

/** M2: exactly four built-in modes. The enum carries no policy. */
export const MODES = ["chat", "review", "plan", "orchestrate"] as const;
export type Mode = (typeof MODES)[number];

/** M6: tiers, lowest first. */
export const TIERS = ["read", "write", "execute", "admin"] as const;
export type Tier = (typeof TIERS)[number];

export function tierRank(tier: Tier): number {
  return TIERS.indexOf(tier);
}

/**
 * What a tool can do to the world. The first eleven are the M7 classes that
 * read-only modes deny; the rest describe tools without being denied by them.
 */
export const EFFECT_CLASSES = [
  "delete_files",
  "write_outside_worktree",
  "commit",
  "push",
  "create_pull_request",
  "publish_pull_request",
  "provider_sync_write",
  "package_install",
  "start_process",
  "workspace_change",
  "capsule_control",
  /** changes files inside the room's worktree (removed by a read-only posture, M5) */
  "write_worktree",
  /** records review findings or verdicts (review records, not the worktree) */
  "review_write",
  /** files a ticket */
  "ticket_write",
  /** posts a message people will read */
  "communicate",
  /** M7: research is the point of a read-only mode; never denied by one */
  "network_egress",
  "secret_access",
  /** A6: starts a sub-agent's run under this run's ceiling; only where the profile allows delegation */
  "delegate",
] as const;
export type EffectClass = (typeof EFFECT_CLASSES)[number];

/** The effect classes that change the room's worktree (its changes view, M5's read-only posture). */
export const WORKTREE_EFFECTS = ["write_worktree", "delete_files"] as const satisfies readonly EffectClass[];

/** M7: the effect classes every read-only mode denies. */
export const WORLD_CHANGING_EFFECTS: readonly EffectClass[] = [
  "delete_files",
  "write_outside_worktree",
  "commit",
  "push",
  "create_pull_request",
  "publish_pull_request",
  "provider_sync_write",
  "package_install",
  "start_process",
  "workspace_change",
  "capsule_control",
];

/** G3: the room's autonomy dial. */
export const AUTONOMY_LEVELS = ["ask", "auto_edit", "auto"] as const;
export type Autonomy = (typeof AUTONOMY_LEVELS)[number];

export type WorktreePosture = "read-only" | "read-write";

/** A4/P4: which completion contract a mode's runs observe. */
export type CompletionContract = "none" | "plan";

/** Everything a mode guarantees, written once (M3). */
export interface ModeProfile {
  /** X1: the mode's id — a built-in name, or a declared mode's id */
  id: string;
  /** the built-in this profile is or extends: its posture ceiling and output verb (X1) */
  mode: Mode;
  /** X1: whether a workspace declared it */
  declared: boolean;
  /** label shown in the composer (C1: chat is shown as "Agent") */
  label: string;
  /** X1: a short glyph shown beside the label */
  icon: string;
  /** X1: accent colour (#rrggbb) of the mode's badge */
  accent: string;
  /** one line shown beside the label */
  description: string;
  /** S1: whether people can pick it in the composer's dropdown */
  selectable: boolean;
  /** S1/R1: whether a room in this mode may be switched to another (review rooms stay review) */
  leavable: boolean;
  /** X2: when set, the run is restricted to exactly these tools (pinned ones aside); null = no mode grants */
  grants: readonly string[] | null;
  /** X1: model turns a run may take in this mode; null = the harness's default */
  maxTurns: number | null;
  /** X1: wall-clock seconds a run may take in this mode; null = no limit of the mode's own */
  timeoutSeconds: number | null;
  /** highest tier on the surface */
  maxTier: Tier;
  /** M6: restricts tools from the write tier upward; null = no list */
  allowlist: readonly string[] | null;
  /** tools removed whatever their tier */
  denylist: readonly string[];
  /** effect classes the action guards refuse outright */
  deniedEffects: readonly EffectClass[];
  /** G1: the verb the run must call to have delivered anything; pinned */
  outputVerb: string | null;
  /** mode-bound tools (tools no other mode sees) this profile grants */
  modeTools: readonly string[];
  /** whether the worktree may be written */
  posture: WorktreePosture;
  /** A3: whether a room may opt in to a shell that runs against the read-only worktree */
  shellOptIn: boolean;
  /** completion contract observed by the harness */
  completion: CompletionContract;
  /** hand-written prompt notes; they must never name a tool (the surface does) */
  notes: string;
  /** A6/A8: whether runs may start sub-agents, and how deep and wide; null = no delegation */
  delegation: DelegationLimits | null;
}

/** A8: bounds on sub-agents. */
export interface DelegationLimits {
  /** levels of sub-agents below a run a person started (1 = children only) */
  maxDepth: number;
  /** sub-agents one run may start in total */
  maxChildren: number;
}

/** Static description of a tool, enough for every projection. */
export interface ToolSpec {
  name: string;
  tier: Tier;
  effects: readonly EffectClass[];
  /**
   * general: reachable wherever the profile's filters let it through.
   * mode: reachable only where a profile lists it in modeTools or as its output verb.
   * meta: pinned everywhere (G2, X3) — ask_user, todo_write; change_mode where the
   *   workspace enables it (X4).
   */
  scope: "general" | "mode" | "meta";
  /** self-contained description shown to the model */
  description: string;
  /**
   * M8: where an attached tool comes from (its server and its own name there);
   * absent for built-ins, whose name is their identity. Read it through
   * `toolIdentity` (./tool-identity.ts).
   */
  origin?: ToolOrigin;
}

/** M8: an attached MCP server's tool: the server row it was declared on and the tool's name on that server. */
export interface ToolOrigin {
  serverId: string;
  /** the server's short name, as in mcp_<server>_… */
  server: string;
  /** the tool's own name on the server, exactly as declared */
  tool: string;
}
