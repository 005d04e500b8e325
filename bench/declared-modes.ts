/**
 * Declared modes (X1–X3, G7): a gate decision with 20 declared modes and 200
 * registered tools, and what a turn start costs to resolve a room's profile —
 * parse the workspace's stored policy and the room's own mode record (fresh
 * JSON from the rows, as every turn reads them), compile the room's profile
 * from its record (G8) and its capability with its fingerprint.
 */
import { compileCapability } from "../lib/modes/capability";
import { EXTENDABLE_MODES, modePolicySchema, type ModePolicyInput } from "../lib/modes/declared";
import { guardCall } from "../lib/modes/guard";
import { parseStoredPolicy, resolveMode } from "../lib/modes/resolve-profile";
import { modeColumns, roomProfile } from "../lib/modes/room-mode";
import { AUTONOMY_LEVELS, TIERS, type ToolSpec } from "../lib/modes/types";
import { TOOL_SPECS } from "../lib/tools/registry";
import { percentile, seededRandom, timeSync, type BenchResult } from "./stats";

const DECISIONS = 200_000;
const RESOLVES = 5_000;

export async function benchDeclaredModes(): Promise<BenchResult[]> {
  const random = seededRandom(11);
  const synthetic: ToolSpec[] = Array.from({ length: 200 - TOOL_SPECS.length }, (_, i) => ({
    name: `tool_${i}`,
    tier: TIERS[Math.floor(random() * 3)]!,
    effects: random() < 0.3 ? ["write_worktree"] : [],
    scope: "general",
    description: `Synthetic tool ${i}.`,
  }));
  const specs = [...TOOL_SPECS, ...synthetic];
  const names = specs.map((s) => s.name);
  const pick = (n: number) => names.filter(() => random() < n / names.length);
  const input: ModePolicyInput = {
    modes: Array.from({ length: 20 }, (_, i) => ({
      id: `mode-${i}`,
      label: `Mode ${i}`,
      extends: EXTENDABLE_MODES[i % 3]!,
      tools: i % 4 === 0 ? null : pick(40),
      readOnly: i % 5 === 0,
      systemPrompt: "Work carefully and report what you find.",
    })),
    workspaceGrants: null,
    agentCanSwitchMode: true,
  };
  const policy = modePolicySchema.parse(input);
  const stored = JSON.stringify(policy);

  const surfaces = policy.modes.flatMap((mode) =>
    AUTONOMY_LEVELS.map(
      (autonomy) =>
        compileCapability({ profile: resolveMode(policy, mode.id)!.profile, policy, specs, autonomy, agentAllowlist: pick(60), planShell: false, transport: "harness" }).surface,
    ),
  );
  const probe = [...names, "no_such_tool"];
  for (let i = 0; i < 20_000; i++) guardCall(surfaces[i % surfaces.length]!, probe[i % probe.length]!);
  const decisions = timeSync(DECISIONS, (i) => {
    guardCall(surfaces[i % surfaces.length]!, probe[(i * 7) % probe.length]!);
  });

  // G8: each room row holds its own record of its mode, read fresh at every turn like the policy.
  const storedRooms = policy.modes.map((mode) => JSON.stringify(modeColumns(resolveMode(policy, mode.id)!)));
  const turnStart = (i: number) => {
    const parsed = parseStoredPolicy(JSON.parse(stored));
    const profile = roomProfile(JSON.parse(storedRooms[i % storedRooms.length]!));
    return compileCapability({ profile, policy: parsed, specs, autonomy: "auto_edit", agentAllowlist: null, planShell: false, transport: "harness" });
  };
  for (let i = 0; i < 500; i++) turnStart(i);
  const resolves = timeSync(RESOLVES, turnStart);
  const parses = timeSync(RESOLVES, () => parseStoredPolicy(JSON.parse(stored)));

  return [
    { name: "gate decision p50 (20 declared modes, 200 tools)", value: percentile(decisions, 50) * 1000, unit: "µs" },
    { name: "gate decision p99 (20 declared modes, 200 tools)", value: percentile(decisions, 99) * 1000, unit: "µs", target: "≤ 20 µs" },
    { name: "turn start: parse policy + room's mode record + compile capability p50", value: percentile(resolves, 50), unit: "ms" },
    { name: "turn start: parse policy + room's mode record + compile capability p99", value: percentile(resolves, 99), unit: "ms", target: "≤ 1 ms" },
    { name: "of which parsing the stored policy (20 modes) p99", value: percentile(parses, 99), unit: "ms" },
  ];
}
