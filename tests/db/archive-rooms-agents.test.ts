/**
 * Archiving and restoring rooms and agents: archived ones leave the lists and
 * pickers, stay readable by link, and start no runs (the one place runs start
 * refuses, writing nothing); restoring brings them back. Runs on PGlite too.
 */
import { describe, expect, it } from "vitest";
import { listAgents } from "../../lib/agents/list-agents";
import { updateAgent } from "../../lib/agents/update-agent";
import { createRoom } from "../../lib/rooms/create-room";
import { getRoomView } from "../../lib/rooms/get-room-view";
import { listRooms } from "../../lib/rooms/list-rooms";
import { updateRoom } from "../../lib/rooms/update-room";
import { pickReviewAgent } from "../../lib/reviews/pick-review-agent";
import { postMessage } from "../../lib/runs/post-message";
import { testDatabase } from "../support/db";
import { createAgent, createUser, createWorkspace } from "../support/factories";

async function setup() {
  const { prisma } = await testDatabase();
  const [owner, member] = [await createUser(prisma), await createUser(prisma)];
  const workspace = await createWorkspace(prisma, [
    { userId: owner.id, role: "owner" },
    { userId: member.id, role: "member" },
  ]);
  const agent = await createAgent(prisma, workspace.id, { scenarios: [] });
  const room = await createRoom(prisma, { workspaceId: workspace.id, userId: member.id }, { name: "Pricing", autonomy: "auto", agentId: agent.id });
  const ctx = { workspaceId: workspace.id, userId: member.id, roomId: room.id };
  const owners = { workspaceId: workspace.id, userId: owner.id, role: "owner" as const };
  return { prisma, workspace, owner, member, agent, room, ctx, owners };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { code?: string; message: string }) => ({ code: error.code, message: error.message }),
  );

describe("archive and restore", () => {
  it("an archived room leaves the rooms list, stays readable by link, starts no run and writes nothing; restoring brings it back", async () => {
    const { prisma, workspace, room, ctx } = await setup();
    await updateRoom(prisma, ctx, { archived: true });
    expect((await listRooms(prisma, workspace.id)).map((r) => r.id)).not.toContain(room.id);
    expect((await listRooms(prisma, workspace.id, { archived: true })).map((r) => r.id)).toEqual([room.id]);
    expect((await getRoomView(prisma, workspace.id, room.id)).room.archivedAt).not.toBeNull();

    const before = await prisma.message.count({ where: { conversation: { roomId: room.id } } });
    expect(await refusal(postMessage(prisma, { workspaceId: workspace.id, roomId: room.id, userId: ctx.userId, content: "still here?" }))).toEqual({
      code: "conflict",
      message: "This room is archived, so no agent runs here. Restore the room to work in it again.",
    });
    expect(await prisma.message.count({ where: { conversation: { roomId: room.id } } })).toBe(before);
    expect(await prisma.run.count({ where: { roomId: room.id } })).toBe(0);
    expect(await prisma.auditEvent.findFirst({ where: { workspaceId: workspace.id, action: "room.archived", targetId: room.id } })).toMatchObject({ actorId: ctx.userId });

    await updateRoom(prisma, ctx, { archived: false });
    expect((await listRooms(prisma, workspace.id)).map((r) => r.id)).toContain(room.id);
    const posted = await postMessage(prisma, { workspaceId: workspace.id, roomId: room.id, userId: ctx.userId, content: "back to work" });
    expect(posted.run).not.toBeNull();
  });

  it("a room with an agent at work, or a pull request's review room, is not archived, and says why", async () => {
    const { prisma, workspace, room, ctx } = await setup();
    await postMessage(prisma, { workspaceId: workspace.id, roomId: room.id, userId: ctx.userId, content: "work on it" });
    expect(await refusal(updateRoom(prisma, ctx, { archived: true }))).toMatchObject({ code: "conflict", message: expect.stringContaining("still at work") });
    expect((await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).archivedAt).toBeNull();

    const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "r" } });
    const pull = await prisma.pullRequest.create({
      data: { workspaceId: workspace.id, repositoryId: repository.id, number: 1, title: "t", baseRef: "main", headRef: "f", baseSha: "a", headSha: "b", source: "ui" },
    });
    const reviewRoom = await prisma.room.create({ data: { workspaceId: workspace.id, name: "#1", mode: "review", pullRequestId: pull.id } });
    expect(await refusal(updateRoom(prisma, { ...ctx, roomId: reviewRoom.id }, { archived: true }))).toMatchObject({ code: "unprocessable", message: expect.stringContaining("close the pull request") });
  });

  it("an archived agent leaves the agents list and every picker and starts no run in its rooms; restoring brings it back", async () => {
    const { prisma, workspace, agent, room, ctx, owners } = await setup();
    const other = await createAgent(prisma, workspace.id, { scenarios: [] }, { provider: "openai_compatible", model: "m", baseUrl: "http://127.0.0.1:1/v1" });
    expect(await refusal(updateAgent(prisma, { ...owners, role: "member", userId: ctx.userId }, agent.id, { archived: true }))).toMatchObject({ code: "forbidden" });
    const archived = await updateAgent(prisma, owners, agent.id, { archived: true });
    expect(archived.archivedAt).not.toBeNull();
    expect((await listAgents(prisma, workspace.id)).map((a) => a.id)).toEqual([other.id]);
    expect((await listAgents(prisma, workspace.id, { archived: true })).map((a) => a.id)).toEqual([agent.id]);

    // Its room stays readable and names it, but posting there starts nothing.
    expect((await getRoomView(prisma, workspace.id, room.id)).room.agent?.id).toBe(agent.id);
    expect(await refusal(postMessage(prisma, { workspaceId: workspace.id, roomId: room.id, userId: ctx.userId, content: "hello" }))).toMatchObject({
      code: "conflict",
      message: expect.stringContaining(`The agent ${agent.name} is archived`),
    });
    expect(await prisma.run.count({ where: { agentId: agent.id } })).toBe(0);

    // Pickers: a new room, a room's agent and the reviewer never choose it.
    expect(await refusal(createRoom(prisma, { workspaceId: workspace.id, userId: ctx.userId }, { name: "x", autonomy: "auto", agentId: agent.id }))).toMatchObject({ code: "not_found" });
    expect(await refusal(updateRoom(prisma, ctx, { agentId: agent.id }))).toMatchObject({ code: "not_found" });
    expect((await pickReviewAgent(prisma, workspace.id)).id).toBe(other.id);
    const fresh = await createRoom(prisma, { workspaceId: workspace.id, userId: ctx.userId }, { name: "fresh", autonomy: "auto" });
    expect(fresh.agentId).toBe(other.id);

    await updateAgent(prisma, owners, agent.id, { archived: false });
    expect((await listAgents(prisma, workspace.id)).map((a) => a.id).sort()).toEqual([agent.id, other.id].sort());
    expect((await postMessage(prisma, { workspaceId: workspace.id, roomId: room.id, userId: ctx.userId, content: "hello again" })).run).not.toBeNull();
    expect(await prisma.auditEvent.count({ where: { workspaceId: workspace.id, targetId: agent.id, action: { in: ["agent.archived", "agent.restored"] } } })).toBe(2);
  });
});
