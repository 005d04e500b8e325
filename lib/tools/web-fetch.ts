/**
 * web_fetch (M7): research beyond the worktree. Read tier with the
 * network_egress effect, which read-only modes do not deny, so plan, review and
 * orchestrate rooms can use it; where it may connect is H4's address policy.
 */
import { z } from "zod";
import { DEFAULT_PAGE_CHARS, fetchPage, MAX_PAGE_CHARS, PageFetchError } from "../web/fetch-page";
import { ToolError, type ToolDefinition } from "./types";

const input = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: "must be an http or https URL" }).max(2048),
  max_chars: z.number().int().min(100).max(MAX_PAGE_CHARS).optional(),
});

export type WebFetchInput = z.infer<typeof input>;

export const webFetchTool: ToolDefinition<WebFetchInput> = {
  name: "web_fetch",
  tier: "read",
  effects: ["network_egress"],
  scope: "general",
  description:
    "Fetch a web page (http or https) and return its readable text: scripts and markup removed, links kept as `text (url)`. " +
    `\`max_chars\` limits the text returned (default ${DEFAULT_PAGE_CHARS}, at most ${MAX_PAGE_CHARS}). ` +
    "Redirects are followed. Pages on loopback, link-local or private addresses are refused unless the operator allows them.",
  input,
  async execute(args, ctx) {
    try {
      const page = await fetchPage(args.url, { maxChars: args.max_chars, signal: ctx.signal });
      const head = [`URL: ${page.url}`, `Status: ${page.status}`, page.title ? `Title: ${page.title}` : null].filter(Boolean).join("\n");
      const tail = page.truncated ? "\n\n[text cut at the size limit]" : "";
      return { output: `${head}\n\n${page.text}${tail}`, isError: page.status >= 400 };
    } catch (error) {
      if (error instanceof PageFetchError) throw new ToolError(error.message);
      throw error;
    }
  },
};
