/**
 * H4 as an attacker tries it: a workspace admin points an agent at a server of
 * their own, or at an address inside the operator's network, and posts a
 * message. Everything runs for real — PostgreSQL, the queue, the worker, the
 * harness, lib/runtime/model-for-agent.ts and the AI SDK providers over sockets —
 * against local HTTP servers that record every request reaching them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { createAgent } from "../../lib/agents/create-agent";
import { updateAgent } from "../../lib/agents/update-agent";
import type { Prisma } from "../../lib/db/generated/client";
import { startWireServer, type Reply, type SseEvent, type WireServer } from "../../lib/models/testing/wire-server";
import type { RunningWorker } from "../../lib/queue/run-worker";
import { postMessage } from "../../lib/runs/post-message";
import { testDatabase } from "../support/db";
import { createRoom, createUser, createWorkspace, uid } from "../support/factories";
import { inProcessWorker, waitFor } from "../support/plan-fixtures";

const SERVER_OPENAI_KEY = "sk-server-openai-0123456789SECRET";
const SERVER_ANTHROPIC_KEY = "sk-ant-server-0123456789SECRET";
const ANSWER = "Hello from the model server.";
const MARKER = "MARKER-7f3c-remote-body";

/** OpenAI chat completions or Anthropic messages, streamed: one short text answer. */
function modelAnswer(request: { path: string }): Reply {
  if (request.path.endsWith("/messages")) {
    const event = (data: { type: string } & Record<string, unknown>): SseEvent => ({ event: data.type, data });
    return {
      sse: [
        event({ type: "message_start", message: { id: "m", type: "message", role: "assistant", model: "claude", content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } }),
        event({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }),
        event({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: ANSWER } }),
        event({ type: "content_block_stop", index: 0 }),
        event({ type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 3 } }),
        event({ type: "message_stop" }),
      ],
    };
  }
  const chunk = (delta: Record<string, unknown>, finish: string | null = null): SseEvent => ({
    data: { id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] },
  });
  return { sse: [chunk({ role: "assistant", content: "" }), chunk({ content: ANSWER }), chunk({}, "stop"), { data: "[DONE]" }] };
}

const servers: WireServer[] = [];
async function server(handler: Parameters<typeof startWireServer>[0] = modelAnswer): Promise<WireServer> {
  // "::" answers on every local address: 127.0.0.1, ::1 and ::ffff:127.0.0.1 alike.
  const started = await startWireServer(handler, { listen: "::" });
  servers.push(started);
  return started;
}
const portOf = (s: WireServer) => new URL(s.origin).port;

let worker: RunningWorker;
beforeAll(async () => {
  worker = await inProcessWorker(await testDatabase());
});
afterAll(async () => {
  await worker.stop();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const s of servers.splice(0)) await s.close();
});

/** The server holds keys of its own, for the default endpoints, and allows no private host. */
function serverKeys() {
  vi.stubEnv("OPENAI_API_KEY", SERVER_OPENAI_KEY);
  vi.stubEnv("ANTHROPIC_API_KEY", SERVER_ANTHROPIC_KEY);
  vi.stubEnv("OPENAI_BASE_URL", undefined);
  vi.stubEnv("ANTHROPIC_BASE_URL", undefined);
  vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", "");
}

interface AgentSpec {
  provider: "openai_compatible" | "anthropic";
  baseUrl: string | null;
  apiKey?: string | null;
  workspaceKeys?: { openai_compatible?: string; anthropic?: string };
}

/**
 * A workspace whose agent is stored as given (as if saved while the operator
 * allowed its host, or before its name started resolving elsewhere), a message
 * posted by its owner, and the run the queue's worker then takes to its end.
 */
async function runAgent(spec: AgentSpec) {
  const { prisma } = await testDatabase();
  const owner = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  if (spec.workspaceKeys) {
    await prisma.workspace.update({ where: { id: workspace.id }, data: { modelSettings: { apiKeys: spec.workspaceKeys } as Prisma.InputJsonValue } });
  }
  const agent = await prisma.agent.create({
    data: { workspaceId: workspace.id, name: `agent-${uid()}`, provider: spec.provider, model: "some-model", baseUrl: spec.baseUrl, apiKey: spec.apiKey ?? null },
  });
  const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id });
  const { run } = await postMessage(prisma, { workspaceId: workspace.id, roomId: room.id, userId: owner.id, content: "Say hello." });
  const finished = await waitFor("the run to end", async () => {
    const row = await prisma.run.findUniqueOrThrow({ where: { id: run!.id } });
    return ["succeeded", "failed"].includes(row.status) ? row : null;
  });
  // What people see: the run (API and UI), its events (the live stream) and the conversation.
  const events = await prisma.runEvent.findMany({ where: { runId: run!.id } });
  const messages = await prisma.message.findMany({ where: { conversationId: room.conversationId } });
  const seen = JSON.stringify({ error: finished.error, events: events.map((e) => ({ type: e.type, data: e.data })), messages: messages.map((m) => m.content) });
  return { run: finished, seen, workspace, owner };
}

/** Everything that reached a server, as one string to search for a key. */
const received = (s: WireServer) => JSON.stringify(s.requests.map((r) => r.headers));

describe("H4: the server's provider keys go only where the operator configured them", () => {
  it("H4: an OpenAI-compatible agent on someone's own server never receives OPENAI_API_KEY (its own or the workspace's key does); OPENAI_BASE_URL does", async () => {
    serverKeys();
    const attacker = await server();
    // Reachable as if it were on the internet: the point here is which key is sent.
    vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", `127.0.0.1:${portOf(attacker)}`);
    const baseUrl = `${attacker.origin}/v1`;

    const keyless = await runAgent({ provider: "openai_compatible", baseUrl });
    expect(keyless.run.status).toBe("succeeded");
    expect(attacker.requests).toHaveLength(1);
    expect(attacker.requests[0]!.headers.authorization).toBeUndefined();

    const withWorkspaceKey = await runAgent({ provider: "openai_compatible", baseUrl, workspaceKeys: { openai_compatible: "ws-key-0123456789" } });
    expect(withWorkspaceKey.run.status).toBe("succeeded");
    expect(attacker.requests[1]!.headers.authorization).toBe("Bearer ws-key-0123456789");

    const withOwnKey = await runAgent({ provider: "openai_compatible", baseUrl, apiKey: "agent-key-0123456789" });
    expect(withOwnKey.run.status).toBe("succeeded");
    expect(attacker.requests[2]!.headers.authorization).toBe("Bearer agent-key-0123456789");

    // Spelling the same server differently is still not the operator's endpoint.
    await runAgent({ provider: "openai_compatible", baseUrl: `${baseUrl}/` });
    expect(attacker.requests).toHaveLength(4);
    expect(received(attacker)).not.toContain(SERVER_OPENAI_KEY);
    expect(received(attacker)).not.toContain(SERVER_ANTHROPIC_KEY);

    // The endpoint the operator configured does get the server's key.
    const operator = await server();
    vi.stubEnv("OPENAI_BASE_URL", `${operator.origin}/v1/`);
    const configured = await runAgent({ provider: "openai_compatible", baseUrl: `${operator.origin}/v1` });
    expect(configured.run.status).toBe("succeeded");
    expect(operator.requests[0]!.headers.authorization).toBe(`Bearer ${SERVER_OPENAI_KEY}`);
  });

  it("H4: an Anthropic agent on a foreign base URL without a key of its own stops before any request (the SDK never falls back to ANTHROPIC_API_KEY)", async () => {
    serverKeys();
    const attacker = await server();
    vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", `127.0.0.1:${portOf(attacker)}`);
    const { run, seen } = await runAgent({ provider: "anthropic", baseUrl: `${attacker.origin}/v1` });
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/has no API key of its own/);
    expect(run.error).toContain("ANTHROPIC_API_KEY is sent only to https://api.anthropic.com/v1");
    expect(seen).not.toContain(SERVER_ANTHROPIC_KEY);
    expect(attacker.requests).toHaveLength(0);

    // With the agent's own key the same endpoint works, and gets exactly that key.
    const own = await runAgent({ provider: "anthropic", baseUrl: `${attacker.origin}/v1`, apiKey: "agent-ant-key-0123456789" });
    expect(own.run.status).toBe("succeeded");
    expect(attacker.requests.map((r) => r.headers["x-api-key"])).toEqual(["agent-ant-key-0123456789"]);
    expect(received(attacker)).not.toContain(SERVER_ANTHROPIC_KEY);
  });

  it("H4: an Anthropic agent without a base URL goes to ANTHROPIC_BASE_URL with the server's key; without any key nothing is sent", async () => {
    serverKeys();
    const operator = await server();
    vi.stubEnv("ANTHROPIC_BASE_URL", `${operator.origin}/v1`);
    const { run } = await runAgent({ provider: "anthropic", baseUrl: null });
    expect(run.status).toBe("succeeded");
    expect(operator.requests.map((r) => r.headers["x-api-key"])).toEqual([SERVER_ANTHROPIC_KEY]);

    // Without any key the run stops before a request is made.
    vi.stubEnv("ANTHROPIC_API_KEY", undefined);
    const { run: keyless } = await runAgent({ provider: "anthropic", baseUrl: null });
    expect(keyless.status).toBe("failed");
    expect(keyless.error).toMatch(/No Anthropic API key is configured/);
    expect(operator.requests).toHaveLength(1);
  });
});

describe("H4: loopback and private model endpoints only where the operator allows them", () => {
  it("H4: loopback in any spelling — a name, IPv6, IPv4-mapped, decimal, hex, short, unspecified — is refused at connection time", async () => {
    serverKeys();
    const inside = await server();
    const port = portOf(inside);
    const forms = [
      `http://localhost:${port}/v1`,
      `http://127.0.0.1:${port}/v1`,
      `http://[::1]:${port}/v1`,
      `http://[::ffff:127.0.0.1]:${port}/v1`,
      `http://2130706433:${port}/v1`,
      `http://0x7f.1:${port}/v1`,
      `http://127.1:${port}/v1`,
      `http://0.0.0.0:${port}/v1`,
    ];
    for (const baseUrl of forms) {
      const { run, seen } = await runAgent({ provider: "openai_compatible", baseUrl });
      expect([baseUrl, run.status]).toEqual([baseUrl, "failed"]);
      expect(run.error).toMatch(/was not contacted: .* a loopback address|was not contacted: .* an unspecified address/);
      expect(run.error).toContain("GATEHOUSE_ALLOWED_MODEL_HOSTS");
      expect(seen).not.toContain(ANSWER);
    }
    expect(inside.requests).toHaveLength(0);
  });

  it("H4: a redirect from an allowed endpoint to a private one is refused at the second hop", async () => {
    serverKeys();
    const inside = await server();
    const front = await server(() => ({ status: 307, json: {}, headers: { location: `http://127.0.0.1:${portOf(inside)}/v1/chat/completions` } }));
    vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", `localhost:${portOf(front)}`);
    const { run } = await runAgent({ provider: "openai_compatible", baseUrl: `http://localhost:${portOf(front)}/v1`, apiKey: "agent-key-0123456789" });
    expect(run.status).toBe("failed");
    expect(run.error).toContain(`127.0.0.1:${portOf(inside)} is a loopback address`);
    expect(front.requests).toHaveLength(1);
    expect(inside.requests).toHaveLength(0);
  });

  it("H4: allowing exactly localhost:PORT makes a local OpenAI-compatible server work end to end, and nothing else on that host", async () => {
    serverKeys();
    const ollama = await server();
    const other = await server();
    vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", `localhost:${portOf(ollama)}`);
    const { run, seen } = await runAgent({ provider: "openai_compatible", baseUrl: `http://localhost:${portOf(ollama)}/v1` });
    expect(run.status).toBe("succeeded");
    expect(seen).toContain(ANSWER);
    expect(ollama.requests).toHaveLength(1);
    expect(ollama.requests[0]!.headers.authorization).toBeUndefined();

    const { run: elsewhere } = await runAgent({ provider: "openai_compatible", baseUrl: `http://localhost:${portOf(other)}/v1` });
    expect(elsewhere.status).toBe("failed");
    expect(other.requests).toHaveLength(0);
  });

  it("H4: saving an agent with a loopback or private base URL is a 400 on baseUrl that names the setting, unless the operator allows that host", async () => {
    serverKeys();
    const { prisma } = await testDatabase();
    const owner = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    const actor = { workspaceId: workspace.id, userId: owner.id, role: "owner" as const };
    for (const baseUrl of ["http://localhost:11434/v1", "http://10.0.0.5/v1", "http://[::1]:8000/v1", "http://[::ffff:169.254.169.254]/v1", "http://2130706433/v1", "http://100.64.1.1/v1", "http://[fd00::1]/v1"]) {
      const error = await createAgent(prisma, actor, { name: `a-${uid()}`, provider: "openai_compatible", model: "m", baseUrl }).catch((e: unknown) => e);
      expect(error, baseUrl).toBeInstanceOf(ZodError);
      const issue = (error as ZodError).issues[0]!;
      expect(issue.path).toEqual(["baseUrl"]);
      expect(issue.message).toContain("GATEHOUSE_ALLOWED_MODEL_HOSTS");
    }
    expect(await prisma.agent.count({ where: { workspaceId: workspace.id } })).toBe(0);

    vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", "localhost:11434");
    const ollama = await createAgent(prisma, actor, { name: "Ollama", provider: "openai_compatible", model: "llama3.1", baseUrl: "http://localhost:11434/v1" });
    // Moving it elsewhere on the same host is checked too, and the edit changes nothing.
    await expect(updateAgent(prisma, actor, ollama.id, { baseUrl: "http://localhost:8080/v1" })).rejects.toBeInstanceOf(ZodError);
    expect((await prisma.agent.findUniqueOrThrow({ where: { id: ollama.id } })).baseUrl).toBe("http://localhost:11434/v1");
  });

  it("H4: an agent's own key is never shown back, and moving the agent to another endpoint forgets it", async () => {
    serverKeys();
    vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", "localhost:11434,localhost:11435");
    const { prisma } = await testDatabase();
    const owner = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    const actor = { workspaceId: workspace.id, userId: owner.id, role: "owner" as const };
    const saved = await createAgent(prisma, actor, { name: "Keyed", provider: "openai_compatible", model: "m", baseUrl: "http://localhost:11434/v1", apiKey: "agent-key-0123456789" });
    expect(saved.hasApiKey).toBe(true);
    expect(JSON.stringify(saved)).not.toContain("agent-key-0123456789");
    const renamed = await updateAgent(prisma, actor, saved.id, { model: "m2" });
    expect(renamed.hasApiKey).toBe(true);
    const moved = await updateAgent(prisma, actor, saved.id, { baseUrl: "http://localhost:11435/v1" });
    expect(moved.hasApiKey).toBe(false);
    expect((await prisma.agent.findUniqueOrThrow({ where: { id: saved.id } })).apiKey).toBeNull();
    const audit = await prisma.auditEvent.findMany({ where: { targetId: saved.id } });
    expect(JSON.stringify(audit)).not.toContain("agent-key-0123456789");
  });
});

describe("H4: endpoint errors are reported without the endpoint's body", () => {
  it("H4: an error answer and an error inside the stream reach people as a status and a short reason, never the body", async () => {
    serverKeys();
    const failing = await server(() => ({ status: 401, json: { error: { message: `${MARKER} <script>alert(1)</script>`, type: MARKER, code: MARKER } } }));
    const midStream = await server(() => ({
      sse: [
        { data: { id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { content: "Hal" }, finish_reason: null }] } },
        { data: { error: { message: `${MARKER} upstream exploded`, type: MARKER } } },
      ],
    }));
    vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", `127.0.0.1:${portOf(failing)},127.0.0.1:${portOf(midStream)}`);

    const answered = await runAgent({ provider: "openai_compatible", baseUrl: `${failing.origin}/v1`, apiKey: "agent-key-0123456789" });
    expect(answered.run.status).toBe("failed");
    expect(answered.run.error).toContain("HTTP 401 Unauthorized");
    expect(answered.seen).not.toContain(MARKER);
    expect(answered.seen).not.toContain("agent-key-0123456789");

    const streamed = await runAgent({ provider: "openai_compatible", baseUrl: `${midStream.origin}/v1` });
    expect(streamed.run.status).toBe("failed");
    expect(streamed.run.error).toContain("the provider reported an error");
    expect(streamed.seen).not.toContain(MARKER);

    const anthropic = await runAgent({ provider: "anthropic", baseUrl: `${failing.origin}/v1`, apiKey: "agent-key-0123456789" });
    expect(anthropic.run.status).toBe("failed");
    expect(anthropic.run.error).toContain("HTTP 401 Unauthorized");
    expect(anthropic.seen).not.toContain(MARKER);
  });
});
