/**
 * G7, A5 (typed records): audit actions, a finding's history and jobs are
 * declared catalogues. An undeclared audit action, finding-history type or job
 * kind cannot be written — the type check refuses it (the `@ts-expect-error`
 * lines below fail tsc if it ever accepts one) and so does the writer at run
 * time, inside the caller's transaction, leaving nothing behind. Rows written
 * before a value was declared still read. PostgreSQL and PGlite.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AUDIT_ACTIONS, parseAuditRow } from "../../lib/audit/catalogue";
import { recordAudit } from "../../lib/audit/record-audit";
import { defineJob, type JobInput } from "../../lib/queue/define-job";
import { advanceRunJob, enqueueJob } from "../../lib/queue/enqueue-job";
import { parseFindingHistoryRow } from "../../lib/reviews/finding-history-catalogue";
import { recordFindingEvents } from "../../lib/reviews/record-finding-events";
import { describeEvent } from "../../components/reviews/finding-history";
import { testDatabase } from "../support/db";
import { createUser, createWorkspace } from "../support/factories";

describe("typed records (issue 23)", () => {
  it("G7: an unknown audit action is refused, and the transaction it was part of writes nothing", async () => {
    const { prisma } = await testDatabase();
    const user = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: user.id, role: "owner" }]);
    const at = { workspaceId: workspace.id, actorId: user.id, targetId: workspace.id };

    const refused = prisma.$transaction(async (tx) => {
      await recordAudit(tx, { ...at, action: "webhook.set", targetType: "workspace", data: { url: "https://example.test/hook" } });
      // @ts-expect-error an action the catalogue does not declare is a type error
      await recordAudit(tx, { ...at, action: "workspace.exploded", targetType: "workspace", data: {} });
    });
    await expect(refused).rejects.toThrow(/Audit action "workspace\.exploded" does not match the audit catalogue/);
    // Data of the wrong shape for a declared action is refused the same way.
    const wrongData = prisma.$transaction((tx) =>
      // @ts-expect-error webhook.set records a url, not a count
      recordAudit(tx, { ...at, action: "webhook.set", targetType: "workspace", data: { count: 3 } }),
    );
    await expect(wrongData).rejects.toThrow(/webhook\.set/);
    expect(await prisma.auditEvent.count({ where: { workspaceId: workspace.id } })).toBe(0);

    await recordAudit(prisma, { ...at, action: "webhook.cleared", targetType: "workspace", data: { url: null } });
    expect(await prisma.auditEvent.findMany({ where: { workspaceId: workspace.id }, select: { action: true } })).toEqual([{ action: "webhook.cleared" }]);
    expect(AUDIT_ACTIONS).toContain("grant.kept");
  });

  it("A5: an old audit row with an action this build does not know still reads, shown as it is", async () => {
    const { prisma } = await testDatabase();
    const workspace = await createWorkspace(prisma);
    // Written by an older build, straight to the table: the writer would refuse it now.
    const row = await prisma.auditEvent.create({ data: { workspaceId: workspace.id, action: "room.renamed_v0", targetType: "room", targetId: "r1", data: { old: "a" } } });
    const read = await prisma.auditEvent.findUniqueOrThrow({ where: { id: row.id } });
    expect(parseAuditRow(read)).toEqual({ known: false, action: "room.renamed_v0", targetType: "room", data: { old: "a" } });
    expect(parseAuditRow({ action: "webhook.set", targetType: "workspace", data: { url: "u" } })).toMatchObject({ known: true, record: { action: "webhook.set" } });
  });

  it("G7: an unknown finding-history type is refused, and an old row of one still reads in the history", async () => {
    const { prisma } = await testDatabase();
    const refused = prisma.$transaction((tx) =>
      // @ts-expect-error a finding-history type the catalogue does not declare is a type error
      recordFindingEvents(tx, { findingId: "f-none", type: "teleported", actor: "platform", data: {} }),
    );
    await expect(refused).rejects.toThrow(/Finding history type "teleported" does not match the finding history catalogue/);
    expect(await prisma.findingEvent.count({ where: { type: "teleported" } })).toBe(0);

    // An old row: a type since retired, and a declared type whose data lacks what it now carries.
    const old = { id: "e1", type: "escalated", actor: "platform", actorName: null, data: { to: "security" }, createdAt: new Date(0).toISOString() };
    expect(parseFindingHistoryRow(old)).toEqual({ known: false, type: "escalated", data: { to: "security" } });
    expect(describeEvent(old)).toBe("Gatehouse: escalated");
    expect(describeEvent({ ...old, type: "confirmed", actorName: "Sam", data: null })).toBe("Sam: confirmed");
    expect(describeEvent({ ...old, type: "confirmed", actorName: "Sam", data: { confirmations: 1, required: 2 } })).toBe("Sam confirmed it (1 of 2 confirmations)");
  });

  it("G7: an unknown job kind or a payload not of its declared shape cannot be enqueued; nothing is queued", async () => {
    const { prisma } = await testDatabase();
    const before = await prisma.job.count();
    // @ts-expect-error a job is made from a declaration, never written as a literal
    const literal: JobInput = { kind: "nope.kind", payload: {}, maxAttempts: 1 };
    await expect(enqueueJob(prisma, literal)).rejects.toThrow(/Job kind "nope\.kind" is not declared/);

    const declared = defineJob({ kind: "test.typed", payload: z.object({ n: z.number().int() }), retry: { maxAttempts: 2 } });
    // @ts-expect-error the payload is typed by the declaration
    expect(() => declared.job({ n: "three" })).toThrow(/The payload of job "test\.typed" does not match its declaration/);
    // A payload changed after it was made (a cast) is checked again when enqueued.
    const tampered = { ...declared.job({ n: 3 }), payload: { n: "three" } } as JobInput;
    await expect(enqueueJob(prisma, tampered)).rejects.toThrow(/test\.typed/);
    expect(await prisma.job.count()).toBe(before);

    // A declared job carries its retry policy.
    await enqueueJob(prisma, declared.job({ n: 3 }, { key: `typed-${Date.now()}` }));
    expect(await prisma.job.findFirstOrThrow({ where: { kind: "test.typed" }, select: { payload: true, maxAttempts: true } })).toEqual({ payload: { n: 3 }, maxAttempts: 2 });
    expect(advanceRunJob("run-1")).toMatchObject({ kind: "run.advance", payload: { runId: "run-1" }, key: "run:run-1", maxAttempts: 5 });
  });
});
