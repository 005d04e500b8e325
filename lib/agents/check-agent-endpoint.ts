import "server-only";
/**
 * H4, checked when an agent is saved: a base URL on a loopback, private or
 * other non-public address is refused unless the operator allows that host —
 * a 400 on `baseUrl` that says how. The connection-time guard checks again on
 * every request (DNS can change); this only says so early.
 */
import { ZodError } from "zod";
import { refuseModelEndpoint } from "../models/model-network";
import type { AgentConfig } from "./schemas";

export async function checkAgentEndpoint(agent: Pick<AgentConfig, "provider" | "baseUrl">): Promise<void> {
  if (agent.provider === "scripted" || !agent.baseUrl) return;
  const reason = await refuseModelEndpoint(agent.baseUrl);
  if (reason) throw new ZodError([{ code: "custom", path: ["baseUrl"], message: reason, input: agent.baseUrl }]);
}
