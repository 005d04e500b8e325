import { z } from "zod";
import type { ToolDefinition } from "./types";

export const createTicketTool: ToolDefinition<{ title: string; description: string }> = {
  name: "create_ticket",
  tier: "write",
  effects: ["ticket_write"],
  scope: "general",
  description: "File a ticket for follow-up work in this room (a title and a description of what should be done and why).",
  input: z.strictObject({
    title: z.string().trim().min(1).max(200),
    description: z.string().trim().min(1).max(8000),
  }),
  async execute(args, ctx) {
    const { ticketId } = await ctx.services.tickets.create(args);
    return { output: `Ticket filed (${ticketId}).` };
  },
};
