/**
 * Every audit action, declared once with what it is about (`targetType`) and
 * the data it records. The writer (`recordAudit`) and the readers share this
 * one type: a caller naming an action that is not here, or data of the wrong
 * shape, fails the type check, and one that slips past it (built at run time,
 * a cast) is refused when it is written. Rows written before an action was
 * declared still read: `parseAuditRow` returns them as they are, marked unknown.
 *
 * No server imports: the members page and other readers use it too.
 */
import { z } from "zod";

const id = z.string();
const secretChange = z.enum(["replaced", "removed"]);
const role = z.string();
/** X1, P6: a room's mode moved (or was asked to), one shape for every path (lib/rooms/change-room-mode.ts) */
const modeMove = { mode: z.object({ from: z.string(), to: z.string() }), base: z.object({ from: z.string(), to: z.string() }), via: z.string(), approvalId: id.nullable(), runId: id.nullable() };
/** H3: what ended with its holder's authority (lib/grants/schemas.ts parses it fully where it is read) */
const revocation = { v: z.literal(1), kind: z.string(), what: z.string(), holder: z.object({ id, name: z.string(), email: z.string() }), change: z.object({ from: role, to: role.nullable() }), remedy: z.string().nullable() };
const nameOnly = { name: z.string() };

function action<A extends string, T extends string, D extends z.ZodRawShape>(name: A, targetType: T, data: D) {
  return z.object({ action: z.literal(name), targetType: z.literal(targetType), data: z.object(data) });
}

export const auditRecord = z.discriminatedUnion("action", [
  action("workspace.created", "workspace", { name: z.string(), slug: z.string() }),
  /** X1: the workspace's mode policy was saved; `rooms` were moved by it */
  action("workspace.modes_updated", "workspace", { modes: z.array(z.string()), changes: z.unknown(), rooms: z.unknown(), source: z.unknown() }),
  action("webhook.set", "workspace", { url: z.string().nullable() }),
  action("webhook.cleared", "workspace", { url: z.string().nullable() }),
  action("review.required_confirmations.set", "workspace", { from: z.unknown(), to: z.unknown() }),

  action("member.added", "membership", { userId: id, role, email: z.string().optional(), inviteId: id.optional() }),
  action("member.removed", "membership", { userId: id, email: z.string(), role }),
  action("member.role_changed", "membership", { userId: id, from: role, to: role }),
  action("invite.created", "invite", { email: z.string().nullable(), role }),
  action("invite.revoked", "invite", {}),

  action("agent.created", "agent", { name: z.string(), provider: z.string(), model: z.string().nullable(), moduleAllowlist: z.unknown() }),
  action("agent.updated", "agent", { changed: z.array(z.string()), moduleAllowlist: z.unknown(), model: z.string().nullable(), apiKey: secretChange.optional() }),
  action("agent.archived", "agent", nameOnly),
  action("agent.restored", "agent", nameOnly),

  action("room.updated", "room", {}).extend({ data: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })) }),
  action("room.archived", "room", nameOnly),
  action("room.restored", "room", nameOnly),
  action("room.committed", "room", { sha: z.string(), branch: z.string().nullable() }),
  action("room.mode_changed", "room", modeMove),
  action("room.mode_change_requested", "room", modeMove),

  action("approval.approved", "approval", { kind: z.string(), comment: z.string().nullable(), outcome: z.string().optional() }),
  action("approval.rejected", "approval", { kind: z.string(), comment: z.string().nullable(), outcome: z.string().optional() }),
  action("plan.approved", "plan", { version: z.number().int(), comment: z.string().nullable() }),
  action("plan.rejected", "plan", { version: z.number().int(), comment: z.string().nullable() }),
  action("proposal.approved", "proposal", { orchestrationId: id, projectId: id, hired: z.array(z.string()), reused: z.array(z.string()) }),
  action("proposal.rejected", "proposal", { comment: z.string().nullable() }),
  action("pipeline.paused", "orchestration", { reason: z.string().nullable() }),
  action("pipeline.running", "orchestration", { reason: z.string().nullable() }),
  action("pipeline.cancelled", "orchestration", { reason: z.string().nullable() }),
  action("orchestration.retried", "orchestration", { tickets: z.array(z.string()) }),
  action("project.budget_raised", "project", { maxRuns: z.number().nullable(), maxMinutes: z.number().nullable(), maxTokens: z.number().nullable() }),
  action("ticket.overridden", "ticket", { key: z.string(), pullRequestId: id.nullable(), reason: z.string() }),

  action("pull_request.opened", "pull_request", { number: z.number().int(), repositoryId: id }),
  action("pull_request.merged", "pull_request", { number: z.number().int(), method: z.string(), base: z.string(), from: z.string(), to: z.string(), headSha: z.string(), verdict: z.unknown(), override: z.unknown(), by: z.string() }),
  action("pull_request.merged_with_override", "pull_request", { number: z.number().int(), method: z.string(), base: z.string(), from: z.string(), to: z.string(), headSha: z.string(), verdict: z.unknown(), override: z.unknown(), by: z.string() }),
  action("pull_request.suggestion_applied", "pull_request", { findingId: id, commit: z.string(), parent: z.string() }),
  action("pull.review_requested", "pull_request", { userId: id }),
  action("pull.review_request_withdrawn", "pull_request", { userId: id }),

  action("repository.registered", "repository", { name: z.string(), path: z.string().nullable(), remoteUrl: z.string().nullable(), githubFullName: z.string().nullable(), hasWebhookSecret: z.boolean() }),
  action("repository.updated", "repository", {
    changed: z.array(z.string()),
    name: z.string(),
    path: z.string().nullable(),
    remoteUrl: z.string().nullable(),
    defaultBranch: z.string().nullable(),
    githubFullName: z.string().nullable(),
    webhookSecret: secretChange.optional(),
  }),
  action("repository.github_publishing", "repository", { token: secretChange.optional(), webhookSecret: secretChange.optional(), publishComments: z.boolean().optional(), installationId: z.unknown().optional(), holdAs: z.unknown().optional() }),
  action("mcp_server.attached", "mcp_server", { name: z.string(), url: z.string(), tools: z.unknown() }),
  action("mcp_server.detached", "mcp_server", { name: z.string(), url: z.string() }),
]);

/** H3's other two effects share the revocation record; its target is whatever ended. */
const grantEffects = z.object({ action: z.enum(["grant.revoked", "grant.capped", "grant.kept"]), targetType: z.string(), data: z.object(revocation) });

export type AuditRecord = z.infer<typeof auditRecord> | z.infer<typeof grantEffects>;
export type AuditAction = AuditRecord["action"];

/** Every declared action (the members page filters by these, the tests refuse others). */
export const AUDIT_ACTIONS: readonly AuditAction[] = [...auditRecord.options.map((o) => o.shape.action.value), "grant.revoked", "grant.capped", "grant.kept"];

/** Checks a record against the catalogue; the error names what is wrong. */
export function checkAuditRecord(record: { action: string; targetType: string; data?: unknown }): { ok: true } | { ok: false; error: string } {
  const subject = { action: record.action, targetType: record.targetType, data: record.data ?? {} };
  const parsed = record.action.startsWith("grant.") ? grantEffects.safeParse(subject) : auditRecord.safeParse(subject);
  if (parsed.success) return { ok: true };
  return { ok: false, error: parsed.error.issues.map((i) => `${i.path.join(".") || "record"}: ${i.message}`).join("; ") };
}

/** A stored row as a reader sees it: a declared record, or (an older or newer build's) one shown as it is. */
export type AuditRowView = { known: true; record: AuditRecord } | { known: false; action: string; targetType: string; data: unknown };

export function parseAuditRow(row: { action: string; targetType: string; data: unknown }): AuditRowView {
  const subject = { action: row.action, targetType: row.targetType, data: row.data ?? {} };
  const parsed = row.action.startsWith("grant.") ? grantEffects.safeParse(subject) : auditRecord.safeParse(subject);
  return parsed.success ? { known: true, record: parsed.data } : { known: false, action: row.action, targetType: row.targetType, data: row.data };
}
