/**
 * Test support: a local HTTP server speaking the Anthropic Messages API
 * (POST /v1/messages, streamed SSE or JSON) that plays a script of assistant
 * turns — text and tool_use blocks — so the real Claude Code CLI can be driven
 * without a model. Requests without tools (the CLI's side requests: titles,
 * quota checks) get a short text answer. Every request is recorded.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ScriptedTurn {
  text?: string;
  toolUses?: { name: string; input: Record<string, unknown> }[];
}

export interface MessagesRequest {
  model: string;
  stream?: boolean;
  tools?: { name: string }[];
  messages: { role: string; content: unknown }[];
}

export interface AnthropicScriptServer {
  baseUrl: string;
  requests: MessagesRequest[];
  /** the x-api-key each request carried, in order */
  apiKeys: string[];
  /** for requests that carried tools: when each arrived and when its answer was sent (performance.now()) */
  timings: { arrivedAt: number; answeredAt: number }[];
  /** tool_result blocks the CLI sent back, in order: [tool_use_id, text, is_error] */
  toolResults(): { id: string; text: string; isError: boolean }[];
  close(): Promise<void>;
}

let seq = 0;

function blocksOf(turn: ScriptedTurn) {
  const blocks: Record<string, unknown>[] = [];
  if (turn.text) blocks.push({ type: "text", text: turn.text });
  for (const use of turn.toolUses ?? []) blocks.push({ type: "tool_use", id: `toolu_${++seq}_${use.name}`, name: use.name, input: use.input });
  return blocks;
}

function send(res: ServerResponse, request: MessagesRequest, turn: ScriptedTurn) {
  const blocks = blocksOf(turn);
  const stopReason = blocks.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn";
  const message = { id: `msg_${++seq}`, type: "message", role: "assistant", model: request.model, stop_sequence: null, usage: { input_tokens: 12, output_tokens: 7 } };
  if (!request.stream) {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ ...message, content: blocks, stop_reason: stopReason }));
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const event = (type: string, data: Record<string, unknown>) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  event("message_start", { message: { ...message, content: [], stop_reason: null, usage: { input_tokens: 12, output_tokens: 1 } } });
  blocks.forEach((block, index) => {
    if (block.type === "text") {
      event("content_block_start", { index, content_block: { type: "text", text: "" } });
      event("content_block_delta", { index, delta: { type: "text_delta", text: block.text } });
    } else {
      event("content_block_start", { index, content_block: { type: "tool_use", id: block.id, name: block.name, input: {} } });
      event("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: JSON.stringify(block.input) } });
    }
    event("content_block_stop", { index });
  });
  event("message_delta", { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 7 } });
  event("message_stop", {});
  res.end();
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export interface ScriptOptions {
  /**
   * Which turn of the script answers a request: by the assistant turns already
   * in its conversation (one CLI session), or by the requests with tools
   * answered so far (a run whose work spans several sessions).
   */
  stepBy?: "conversation" | "request";
  /** called before the turn `step` is answered (a test changes the world between two model calls) */
  beforeAnswer?: (step: number) => void | Promise<void>;
}

export async function startAnthropicScriptServer(script: ScriptedTurn[], options: ScriptOptions = {}): Promise<AnthropicScriptServer> {
  let answered = 0;
  const requests: MessagesRequest[] = [];
  const apiKeys: string[] = [];
  const timings: { arrivedAt: number; answeredAt: number }[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = req.url ?? "";
    if (req.method !== "POST" || !url.startsWith("/v1/messages")) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ type: "error", error: { type: "not_found_error", message: "not here" } }));
      return;
    }
    const arrivedAt = performance.now();
    const request = JSON.parse(await body(req)) as MessagesRequest;
    if (url.startsWith("/v1/messages/count_tokens")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ input_tokens: 10 }));
      return;
    }
    requests.push(request);
    apiKeys.push(String(req.headers["x-api-key"] ?? ""));
    if (!request.tools || request.tools.length === 0) return send(res, request, { text: "ok" });
    const step = options.stepBy === "request" ? answered++ : request.messages.filter((m) => m.role === "assistant").length;
    await options.beforeAnswer?.(step);
    send(res, request, script[step] ?? { text: "Done." });
    timings.push({ arrivedAt, answeredAt: performance.now() });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    apiKeys,
    timings,
    toolResults() {
      const last = [...requests].reverse().find((r) => r.tools && r.tools.length > 0);
      const out: { id: string; text: string; isError: boolean }[] = [];
      for (const m of last?.messages ?? []) {
        if (!Array.isArray(m.content)) continue;
        for (const block of m.content as { type: string; tool_use_id?: string; content?: unknown; is_error?: boolean }[]) {
          if (block.type !== "tool_result") continue;
          const text = typeof block.content === "string" ? block.content : JSON.stringify(block.content);
          out.push({ id: block.tool_use_id ?? "", text, isError: block.is_error === true });
        }
      }
      return out;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
