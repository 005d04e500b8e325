/**
 * G4: the inbox's decided rows say who decided — by name, as people read it —
 * and nothing is claimed for a decision nobody took (a call refused because
 * nobody who could approve was connected).
 */
import { describe, expect, it } from "vitest";
import { decideApproval } from "../../lib/approvals/decide-approval";
import { listApprovals } from "../../lib/approvals/list-approvals";
import { testDatabase } from "../support/db";
import { createRoom, createUser, createWorkspace } from "../support/factories";

describe("inbox history", () => {
  it("G4: a decided approval names the person who decided; one refused with nobody to ask names nobody", async () => {
    const { prisma } = await testDatabase();
    const [ada, sam] = [await createUser(prisma), await createUser(prisma)];
    const workspace = await createWorkspace(prisma, [
      { userId: ada.id, role: "owner" },
      { userId: sam.id, role: "member" },
    ]);
    const room = await createRoom(prisma, { workspaceId: workspace.id });
    const asked = await prisma.approval.create({ data: { workspaceId: workspace.id, roomId: room.id, kind: "plan_exit", summary: "Leave plan mode" } });
    const refused = await prisma.approval.create({ data: { workspaceId: workspace.id, roomId: room.id, kind: "plan_exit", summary: "Leave again", status: "refused", decidedAt: new Date() } });
    await decideApproval(prisma, { workspaceId: workspace.id, approvalId: asked.id, userId: sam.id, decision: "reject", comment: "Not yet" });

    const rows = await listApprovals(prisma, workspace.id);
    expect(rows.find((r) => r.id === asked.id)).toMatchObject({ status: "rejected", decidedBy: sam.name, comment: "Not yet" });
    expect(rows.find((r) => r.id === refused.id)).toMatchObject({ status: "refused", decidedBy: null });
  });
});
