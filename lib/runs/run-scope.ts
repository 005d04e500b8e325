/**
 * S4, H3: what a stored run may reach is decided by its workspace, not by the
 * ids it carries. A room of another workspace is no room (the run resolves to
 * chat and its tools and events are bound to no room), a conversation outside
 * that room is no conversation, and an agent of another workspace is no agent.
 */
interface Scoped {
  workspaceId: string;
}

export interface StoredRunRefs<Room extends Scoped & { id: string; agent: Agent | null }, Agent extends Scoped> {
  workspaceId: string;
  room: Room | null;
  conversation: { id: string; roomId: string } | null;
  agent: Agent | null;
}

export interface RunScopeResult<Room, Agent> {
  room: Room | null;
  conversationId: string | null;
  agent: Agent | null;
}

export function scopeRun<Room extends Scoped & { id: string; agent: Agent | null }, Agent extends Scoped>(
  run: StoredRunRefs<Room, Agent>,
): RunScopeResult<Room, Agent> {
  const room = run.room?.workspaceId === run.workspaceId ? run.room : null;
  const conversationId = room && run.conversation?.roomId === room.id ? run.conversation.id : null;
  const ours = (agent: Agent | null | undefined) => (agent && agent.workspaceId === run.workspaceId ? agent : null);
  return { room, conversationId, agent: ours(run.agent) ?? ours(room?.agent) };
}
