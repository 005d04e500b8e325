/**
 * X1, G7: a repository's gatehouse.modes.json, read at its default branch from
 * Gatehouse's mirror and validated like the settings form, becomes the
 * workspace's policy — audited with the commit it came from; a broken file is
 * refused naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importModePolicy } from "../../lib/mode-policy/import-mode-policy";
import { testDatabase } from "../support/db";
import { createUser, createWorkspace } from "../support/factories";
import { checkout, commitFiles, makeRepo, useDataDir } from "../support/reviews";

let data: Awaited<ReturnType<typeof useDataDir>>;
beforeAll(async () => {
  data = await useDataDir();
});
afterAll(() => data.cleanup());

const declared = { modes: [{ id: "docs-only", label: "Docs only", description: "Edits documentation.", extends: "chat", tools: ["read_file", "edit_file"] }], defaultMode: "docs-only" };

describe("gatehouse.modes.json", () => {
  it("X1, G7: the file at the default branch becomes the workspace's policy; a feature branch's does not; a broken file names the bad field", async () => {
    const { prisma } = await testDatabase();
    const owner = await createUser(prisma);
    const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
    const repoPath = await makeRepo(data.root, `modes-${workspace.slug}`, { "README.md": "# r\n", "gatehouse.modes.json": JSON.stringify(declared) });
    checkout(repoPath, "feature", true);
    await commitFiles(repoPath, { "gatehouse.modes.json": JSON.stringify({ modes: [{ ...declared.modes[0], id: "yolo" }] }) }, "not on main");
    checkout(repoPath, "main", false);
    const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "repo", path: repoPath } });
    const ctx = { workspaceId: workspace.id, userId: owner.id };

    const imported = await importModePolicy(prisma, ctx, repository.id);
    expect(imported.selectable.map((m) => m.id)).toEqual(["chat", "plan", "orchestrate", "docs-only"]);
    expect(imported.defaultMode).toBe("docs-only");
    const logged = await prisma.auditEvent.findFirstOrThrow({ where: { workspaceId: workspace.id, action: "workspace.modes_updated" } });
    expect(logged.data).toMatchObject({ modes: ["docs-only"], source: { repository: "repo", commit: imported.commit } });

    await commitFiles(repoPath, { "gatehouse.modes.json": JSON.stringify({ modes: [{ ...declared.modes[0], tools: ["read_file", "rm_rf"] }] }) }, "typo");
    await expect(importModePolicy(prisma, ctx, repository.id)).rejects.toThrow('gatehouse.modes.json is invalid: modes.0.tools.1: "rm_rf" is not a Gatehouse tool');
    await commitFiles(repoPath, { "gatehouse.modes.json": null }, "removed");
    await expect(importModePolicy(prisma, ctx, repository.id)).rejects.toThrow("The repository has no gatehouse.modes.json at its root on the default branch.");
    // A refused import changes nothing.
    const stored = await prisma.workspace.findUniqueOrThrow({ where: { id: workspace.id }, select: { modePolicy: true } });
    expect(stored.modePolicy).toMatchObject({ defaultMode: "docs-only" });
  });
});
