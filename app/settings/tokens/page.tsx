import type { Metadata } from "next";
import { headers } from "next/headers";
import { env } from "@/lib/config/env";
import { getPrisma } from "@/lib/db/client";
import { listMcpTokens } from "@/lib/mcp/list-mcp-tokens";
import { requireUser } from "@/server/session";
import { McpTokensPanel } from "@/components/mcp/mcp-tokens-panel";
import { AppBar } from "@/components/workspaces/app-bar";

export const metadata: Metadata = { title: "MCP tokens" };

/** P6: personal settings — the tokens MCP clients use to act as you. */
export default async function McpTokensPage() {
  const user = await requireUser("/settings/tokens");
  const tokens = await listMcpTokens(await getPrisma(), user.id);
  const h = await headers();
  const origin = env().NEXTAUTH_URL ?? `${h.get("x-forwarded-proto") ?? "http"}://${h.get("host") ?? "localhost:3000"}`;
  return (
    <>
      <AppBar user={user} />
      <main id="main" className="mx-auto max-w-3xl space-y-8 px-4 py-10">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">MCP tokens</h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Personal tokens for MCP clients. They act as you in every workspace you belong to.</p>
        </div>
        <McpTokensPanel initialTokens={tokens} origin={origin.replace(/\/$/, "")} />
      </main>
    </>
  );
}
