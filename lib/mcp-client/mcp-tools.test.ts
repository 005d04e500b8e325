/**
 * Attached MCP tools against a real MCP server on a local port (M7, H4). The
 * server is on loopback, so it is reachable only once the operator allows it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { guardCall } from "../modes/guard";
import { profileOf } from "../modes/profiles";
import { materializeSurface } from "../modes/surface";
import { MODES } from "../modes/types";
import { TOOL_SPECS } from "../tools/registry";
import { outputOf, toolContext } from "../tools/tools.test-support";
import { mcpToolsForServers, mcpToolsFromServer } from "./mcp-tools";
import { NOTES_DECLARATION, startLocalMcpServer, type LocalMcpServer } from "./mcp-client.test-support";

let mcp: LocalMcpServer;
beforeEach(async () => {
  mcp = await startLocalMcpServer();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await mcp.close();
});

const config = () => ({ id: "server-1", name: "notes", url: mcp.url, tools: NOTES_DECLARATION });

describe("attached MCP tools", () => {
  it("M7/H4: an MCP server on loopback is not contacted unless the operator allows it", async () => {
    const { tools, unreachable } = await mcpToolsForServers([config()]);
    expect(tools).toEqual([]);
    expect(unreachable[0]!.reason).toMatch(/loopback address.*GATEHOUSE_ALLOWED_WEB_HOSTS/);
    expect(mcp.requests).toBe(0);
  });

  it("M7, M8: its declared tools join the registry with the declared tier and effects; one the declaration omits is never offered", async () => {
    vi.stubEnv("GATEHOUSE_ALLOWED_WEB_HOSTS", `127.0.0.1:${mcp.port}`);
    const { tools, skipped } = await mcpToolsFromServer(config());
    expect(tools.map((t) => [t.name, t.tier, t.effects, t.origin])).toEqual([
      ["mcp_notes_lookup", "read", [], { serverId: "server-1", server: "notes", tool: "lookup" }],
      ["mcp_notes_write_note", "write", ["write_outside_worktree"], { serverId: "server-1", server: "notes", tool: "write_note" }],
    ]);
    expect(skipped).toEqual([{ server: "notes", tool: "mystery", reason: "the declaration does not name it, so it is never offered" }]);
  });

  it("M7: a write-tier MCP tool is absent from plan's surface and refused if named; the read-tier one runs on the server", async () => {
    vi.stubEnv("GATEHOUSE_ALLOWED_WEB_HOSTS", `127.0.0.1:${mcp.port}`);
    const { tools } = await mcpToolsFromServer(config());
    const specs = [...TOOL_SPECS, ...tools];
    for (const mode of MODES.filter((m) => m !== "chat")) {
      const surface = materializeSurface(profileOf(mode), specs, { autonomy: "auto" });
      const names = surface.tools.map((t) => t.spec.name);
      expect(names, mode).toContain("mcp_notes_lookup");
      expect(names, mode).not.toContain("mcp_notes_write_note");
      const refused = guardCall(surface, "mcp_notes_write_note");
      expect(refused.decision, mode).toBe("deny");
      expect(refused.reason, mode).toMatch(/not available in this mode/);
    }
    const lookup = tools.find((t) => t.name === "mcp_notes_lookup")!;
    expect(outputOf(await lookup.execute(lookup.input.parse({ key: "release" }), toolContext(null, "plan")))).toBe("note release: ship on Friday");
    expect(mcp.calls).toEqual([["lookup", { key: "release" }]]);
  });

  it("M7/G3: in chat an MCP write tool is on the surface and, like a built-in, waits for a person under 'ask'", async () => {
    vi.stubEnv("GATEHOUSE_ALLOWED_WEB_HOSTS", `127.0.0.1:${mcp.port}`);
    const { tools } = await mcpToolsFromServer(config());
    const surface = materializeSurface(profileOf("chat"), [...TOOL_SPECS, ...tools], { autonomy: "ask" });
    expect(guardCall(surface, "mcp_notes_write_note").decision).toBe("confirm");
    expect(guardCall(surface, "mcp_notes_lookup").decision).toBe("allow");
    // M8: an undeclared tool has no identity, so no mode has it.
    expect(guardCall(surface, "mcp_notes_mystery")).toMatchObject({ decision: "deny", rule: "T1" });
  });
});
