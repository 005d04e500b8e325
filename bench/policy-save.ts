/**
 * G8: a policy edit is a mode change for every room in the mode. On a fresh
 * PostgreSQL database with 200 rooms in one declared mode, times the preview
 * (every room's move and surface diff) and the save — once narrowing (each room
 * changes through the one transition) and once widening (each room gets a held
 * switch) — each one transaction. The baseline, timed in the same run, is the
 * same transition made by a person: 200 dropdown switches, one transaction each.
 * Asserts nothing.
 */
import { openDatabase } from "../lib/db/client";
import { loadPolicyPreview } from "../lib/mode-policy/load-policy-preview";
import { saveModePolicy } from "../lib/mode-policy/save-mode-policy";
import { modePolicySchema } from "../lib/modes/declared";
import { resolveMode } from "../lib/modes/resolve-profile";
import { roomModeColumns } from "../lib/rooms/room-mode-columns";
import { updateRoom } from "../lib/rooms/update-room";
import { withFreshDatabase } from "./fresh-database";
import type { BenchResult } from "./stats";

const ROOMS = 200;
const docs = { id: "docs", label: "Docs", extends: "chat" as const };

export async function benchPolicySave(): Promise<BenchResult[]> {
  return withFreshDatabase("policy save", measure);
}

async function measure(url: string): Promise<BenchResult[]> {
  const db = await openDatabase({ url, migrate: false });
  const { prisma } = db;
  try {
    const user = await prisma.user.create({ data: { email: `bench-${Date.now()}@bench.local`, name: "bench", passwordHash: "x" } });
    const workspace = await prisma.workspace.create({ data: { name: "bench", slug: `bench-${Date.now()}` } });
    const ctx = { workspaceId: workspace.id, userId: user.id };
    await saveModePolicy(prisma, ctx, { modes: [docs] });
    const columns = roomModeColumns(resolveMode(modePolicySchema.parse({ modes: [docs] }), "docs")!);
    await prisma.room.createMany({ data: Array.from({ length: ROOMS }, (_, i) => ({ workspaceId: workspace.id, name: `room ${i}`, ...columns })) });

    const timed = async (work: () => Promise<unknown>) => {
      const start = performance.now();
      await work();
      return performance.now() - start;
    };
    const narrower = { modes: [{ ...docs, readOnly: true }] };
    const preview = await timed(() => loadPolicyPreview(prisma, workspace.id, modePolicySchema.parse(narrower)));
    const narrowing = await timed(() => saveModePolicy(prisma, ctx, narrower));
    const widening = await timed(() => saveModePolicy(prisma, ctx, { modes: [docs] }));
    const held = await prisma.approval.count({ where: { workspaceId: workspace.id, status: "pending" } });
    const rooms = await prisma.room.findMany({ where: { workspaceId: workspace.id }, select: { id: true } });
    const dropdown = await timed(async () => {
      for (const room of rooms) await updateRoom(prisma, { ...ctx, roomId: room.id }, { mode: "chat" });
    });
    return [
      { name: `baseline: ${ROOMS} dropdown switches through the same transition`, value: dropdown, unit: "ms" },
      { name: `preview of an edit moving ${ROOMS} rooms`, value: preview, unit: "ms" },
      { name: `save that narrows the mode of ${ROOMS} rooms (each through the transition)`, value: narrowing, unit: "ms" },
      { name: `save that widens it: ${held} rooms held for approval`, value: widening, unit: "ms" },
      { name: "narrowing save ÷ baseline", value: narrowing / dropdown, unit: "×" },
    ];
  } finally {
    await db.close();
  }
}
