import { z } from "zod";
import type { ToolDefinition } from "./types";

export const postCommentTool: ToolDefinition<{ body: string }> = {
  name: "post_comment",
  tier: "write",
  effects: ["communicate"],
  scope: "general",
  description: "Post a comment in this room's conversation for the people here to read (Markdown).",
  input: z.strictObject({ body: z.string().trim().min(1).max(20000) }),
  async execute(args, ctx) {
    const { messageId } = await ctx.services.comments.post(args);
    return { output: `Comment posted (${messageId}).` };
  },
};
