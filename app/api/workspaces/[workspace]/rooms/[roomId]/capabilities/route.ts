import { notFound } from "@/lib/errors/app-error";
import { workspaceToolSpecs } from "@/lib/mcp-client/run-mcp-tools";
import { agentAllowlistOf } from "@/lib/modes/agent-allowlist";
import { parseStoredPolicy } from "@/lib/modes/resolve-profile";
import { roomCapabilities } from "@/lib/tools/room-capabilities";
import { detectSandbox } from "@/lib/sandbox/detect-sandbox";
import { claudeCodeSandboxing } from "@/lib/transports/claude-code/sandboxing";
import { withWorkspace } from "@/server/with-workspace";

export const GET = withWorkspace<{ workspace: string; roomId: string }>(
  async ({ prisma, workspace, params }) => {
    const room = await prisma.room.findFirst({
      where: { id: params.roomId, workspaceId: workspace.id },
      include: { agent: true, workspace: { select: { modePolicy: true } } },
    });
    if (!room) throw notFound("That room");
    const sandbox = await detectSandbox();
    const claudeCode = await claudeCodeSandboxing();
    const host = {
      sandbox: sandbox.available ? { available: true as const } : { available: false as const, reason: sandbox.reason },
      claudeCodeSandboxed: claudeCode.sandboxed,
      ...(claudeCode.sandboxed ? {} : { claudeCodeReason: claudeCode.reason }),
    };
    const agentTransport = room.agent?.transport === "claude-code" ? "claude-code" : "built-in";
    // M8: the panel compiles the workspace's whole registry, attached MCP tools included, as the run does.
    const specs = await workspaceToolSpecs(prisma, workspace.id);
    return Response.json(roomCapabilities(room, parseStoredPolicy(room.workspace.modePolicy), agentAllowlistOf(room.agent), { host, agentTransport }, specs));
  },
  { permission: "read" },
);
