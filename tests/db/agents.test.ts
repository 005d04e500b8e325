import { afterEach, describe, expect, it, vi } from "vitest";
import { createAgent } from "../../lib/agents/create-agent";
import { listAgents } from "../../lib/agents/list-agents";
import { updateAgent } from "../../lib/agents/update-agent";
import { TOOL_SPECS } from "../../lib/tools/registry";
import type { WorkspaceActor } from "../../lib/workspaces/actor";
import { createWorkspace } from "../../lib/workspaces/create-workspace";
import { testDatabase } from "../support/db";

afterEach(() => vi.unstubAllEnvs());

let seq = 0;
async function owner(): Promise<WorkspaceActor> {
  const { prisma } = await testDatabase();
  const n = ++seq;
  const user = await prisma.user.create({ data: { email: `agent-owner${n}@a.test`, name: "Owner" } });
  const ws = await createWorkspace(prisma, user.id, { name: `Agents ${n}` });
  return { workspaceId: ws.id, userId: user.id, role: "owner" };
}

const script = { scenarios: [{ steps: [{ text: "Hello." }] }] };

describe("agents", () => {
  it("creates a scripted agent with defaults: model 'scripted', no module restriction", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    const agent = await createAgent(prisma, actor, { name: "Scripty", provider: "scripted", script });
    expect(agent).toMatchObject({ name: "Scripty", provider: "scripted", model: "scripted", baseUrl: null, moduleAllowlist: null, script });
    const row = await prisma.agent.findUniqueOrThrow({ where: { id: agent.id } });
    expect(row).toMatchObject({ restrictModules: false, moduleAllowlist: [] });
    expect(await listAgents(prisma, actor.workspaceId)).toEqual([agent]);
    expect(await prisma.auditEvent.count({ where: { action: "agent.created", targetId: agent.id } })).toBe(1);
  });

  it("X3: an agent's module allowlist names only registered tools", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    const error = await createAgent(prisma, actor, {
      name: "Typo",
      provider: "scripted",
      moduleAllowlist: ["read_file", "raed_file", "rm_rf"],
    }).catch((e) => e);
    expect(error.name).toBe("ZodError");
    expect(error.issues.map((i: { path: unknown[]; message: string }) => [i.path.join("."), i.message])).toEqual([
      ["moduleAllowlist.1", '"raed_file" is not a Gatehouse tool.'],
      ["moduleAllowlist.2", '"rm_rf" is not a Gatehouse tool.'],
    ]);
    expect(await prisma.agent.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);
  });

  it("X3: an empty allowlist is a real restriction, distinct from none", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    const locked = await createAgent(prisma, actor, { name: "Locked", provider: "scripted", moduleAllowlist: [] });
    expect(locked.moduleAllowlist).toEqual([]);
    const row = await prisma.agent.findUniqueOrThrow({ where: { id: locked.id } });
    expect(row).toMatchObject({ restrictModules: true, moduleAllowlist: [] });
  });

  it("X3: every registered tool may be listed; duplicates collapse", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    const all = TOOL_SPECS.map((t) => t.name);
    const agent = await createAgent(prisma, actor, { name: "All", provider: "scripted", moduleAllowlist: [...all, all[0]!] });
    expect(agent.moduleAllowlist).toEqual([...all].sort());
  });

  it("each provider gets what it needs: a model, and a base URL for OpenAI-compatible servers", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    await expect(createAgent(prisma, actor, { name: "NoUrl", provider: "openai_compatible", model: "llama3.1" })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ["baseUrl"] })],
    });
    await expect(createAgent(prisma, actor, { name: "NoModel", provider: "anthropic" })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ["model"] })],
    });
    await expect(createAgent(prisma, actor, { name: "Ftp", provider: "openai_compatible", model: "m", baseUrl: "ftp://x" })).rejects.toMatchObject({
      name: "ZodError",
    });
    await expect(createAgent(prisma, actor, { name: "ScriptOnLlm", provider: "anthropic", model: "claude", script })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ["script"] })],
    });
    // H4: a local Ollama is an endpoint the operator allows.
    vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", "localhost:11434");
    const ollama = await createAgent(prisma, actor, { name: "Ollama", provider: "openai_compatible", model: "llama3.1", baseUrl: "http://localhost:11434/v1" });
    expect(ollama).toMatchObject({ model: "llama3.1", baseUrl: "http://localhost:11434/v1" });
  });

  it("rejects a script the scripted model could not play", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    await expect(
      createAgent(prisma, actor, { name: "BadScript", provider: "scripted", script: { scenarios: [{ when: "(", steps: [] }] } as never }),
    ).rejects.toMatchObject({ issues: [expect.objectContaining({ message: "is not a valid regular expression" })] });
  });

  it("updates the allowlist and model; the edited agent is checked whole", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    const agent = await createAgent(prisma, actor, { name: "Editable", provider: "scripted", script });
    const narrowed = await updateAgent(prisma, actor, agent.id, { moduleAllowlist: ["grep", "read_file"] });
    expect(narrowed).toMatchObject({ moduleAllowlist: ["grep", "read_file"], script });
    await expect(updateAgent(prisma, actor, agent.id, { moduleAllowlist: ["grepp"] })).rejects.toMatchObject({ name: "ZodError" });
    // Switching to an OpenAI-compatible server without saying where it is fails…
    await expect(updateAgent(prisma, actor, agent.id, { provider: "openai_compatible", model: "qwen" })).rejects.toMatchObject({ name: "ZodError" });
    // …and with the URL (and the script dropped) it works, on a host the operator allows (H4).
    vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", "127.0.0.1:8000");
    const switched = await updateAgent(prisma, actor, agent.id, {
      provider: "openai_compatible",
      model: "qwen",
      baseUrl: "http://127.0.0.1:8000/v1",
      script: null,
    });
    expect(switched).toMatchObject({ provider: "openai_compatible", model: "qwen", script: null, moduleAllowlist: ["grep", "read_file"] });
    const unrestricted = await updateAgent(prisma, actor, agent.id, { moduleAllowlist: null });
    expect(unrestricted.moduleAllowlist).toBeNull();
    expect(await prisma.auditEvent.count({ where: { action: "agent.updated", targetId: agent.id } })).toBe(3);
  });

  it("an empty edit is refused", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    const agent = await createAgent(prisma, actor, { name: "Same", provider: "scripted" });
    await expect(updateAgent(prisma, actor, agent.id, {})).rejects.toThrow(/at least one field/);
  });

  it("names are unique per workspace; ids from another workspace are not found", async () => {
    const { prisma } = await testDatabase();
    const a = await owner();
    const b = await owner();
    const agent = await createAgent(prisma, a, { name: "Twin", provider: "scripted" });
    await expect(createAgent(prisma, a, { name: "Twin", provider: "scripted" })).rejects.toMatchObject({ code: "conflict" });
    expect(await createAgent(prisma, b, { name: "Twin", provider: "scripted" })).toMatchObject({ name: "Twin" });
    await expect(updateAgent(prisma, b, agent.id, { model: "x" })).rejects.toMatchObject({ code: "not_found" });
  });

  it("only admins and owners create or edit agents", async () => {
    const { prisma } = await testDatabase();
    const actor = await owner();
    const agent = await createAgent(prisma, actor, { name: "Guarded", provider: "scripted" });
    for (const role of ["member", "viewer"] as const) {
      await expect(createAgent(prisma, { ...actor, role }, { name: "Nope", provider: "scripted" })).rejects.toMatchObject({ code: "forbidden" });
      await expect(updateAgent(prisma, { ...actor, role }, agent.id, { model: "x" })).rejects.toMatchObject({ code: "forbidden" });
    }
  });
});
