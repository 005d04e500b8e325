/**
 * G8, G7 in Chromium: disabling a declared mode and loading a repository's
 * gatehouse.modes.json show, before anything is saved, which rooms change and
 * how — the tools they gain, the worktree's mount, whether the switch waits
 * for a person — and an unchanged mode is not listed. Confirmed, a room whose
 * mode would widen keeps its mode and asks a person in the room.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { commitToBranch, git, ownWorkspace } from "./support/repo";
import { DEMO, signIn } from "./support/session";

const docsReview = { id: "docs-review", label: "Docs review", description: "Reads the documentation.", extends: "chat", readOnly: true };
const triage = { id: "triage", label: "Triage", description: "Sorts the issues.", extends: "chat", readOnly: true };

test("G8, G7: Disable and loading gatehouse.modes.json preview the rooms they change before saving; a widening switch waits in the room", async ({ context }) => {
  // A repository clone, two saves and two previews: git and PostgreSQL on a busy machine.
  test.setTimeout(240_000);
  const api = context.request;
  await signIn(api, DEMO);
  const id = randomUUID().slice(0, 6);
  const { slug, ws, path } = await ownWorkspace(api, `Policy ${id}`);
  const saved = await api.put(`${ws}/modes`, { data: { modes: [docsReview, triage] } });
  expect(saved.status(), await saved.text()).toBe(200);
  const agent = await api.post(`${ws}/agents`, { data: { name: `Reader ${id}`, provider: "scripted", script: { scenarios: [{ steps: [{ text: "Read it." }] }] } } });
  expect(agent.status(), await agent.text()).toBe(201);
  const agentId = ((await agent.json()) as { agent: { id: string } }).agent.id;
  const opened = await api.post(`${ws}/rooms`, { data: { name: `Docs ${id}`, mode: "docs-review", agentId } });
  expect(opened.status(), await opened.text()).toBe(201);
  const roomId = ((await opened.json()) as { room: { id: string } }).room.id;
  const stored = async () => ((await (await api.get(`${ws}/modes`)).json()) as { policy: { modes: { id: string; disabled: boolean; readOnly: boolean }[] } }).policy.modes;

  // Disable: the preview comes first, and nothing is saved until it is confirmed.
  const page = await context.newPage();
  await page.goto(`/w/${slug}/settings/modes`);
  await page.locator('[data-testid="declared-mode"][data-mode="docs-review"]').getByTestId("toggle-mode").click();
  const confirm = page.getByTestId("mode-confirm");
  const room = confirm.locator(`[data-testid="mode-preview-room"][data-room-id="${roomId}"]`);
  await expect(room).toHaveAttribute("data-effect", "waits");
  await expect(room).toContainText(`Docs ${id}: Docs review → Agent`);
  await expect(room).toContainText(/\+ .*write_file/);
  await expect(room).toContainText("worktree read-only → read-write");
  await expect(confirm.locator('[data-testid="mode-preview-change"][data-mode="docs-review"]').first()).toHaveAttribute("data-kind", "disabled");
  await expect(confirm.locator('[data-testid="mode-preview-change"][data-mode="triage"]')).toHaveCount(0);
  expect((await stored()).find((m) => m.id === "docs-review")?.disabled).toBe(false);
  await confirm.getByTestId("confirm-mode-change").click();
  await expect(page.getByText("Saved.")).toBeVisible();
  expect((await stored()).find((m) => m.id === "docs-review")?.disabled).toBe(true);

  // The room kept its mode and asks a person; it never shows Agent.
  const roomPage = await context.newPage();
  await roomPage.goto(`/w/${slug}/rooms/${roomId}`);
  await expect(roomPage.getByTestId("mode-badge").first()).toContainText("Docs review");
  await expect(roomPage.getByTestId("mode-switch-request")).toHaveAttribute("data-source", "policy");
  await expect(roomPage.getByTestId("mode-switch-request")).toContainText("disabled Docs review mode");

  // Loading the repository's file: its preview first, the policy unchanged until "Load it".
  const branch = await git(path, ["symbolic-ref", "--short", "HEAD"]);
  await commitToBranch(path, branch, { "gatehouse.modes.json": JSON.stringify({ modes: [{ ...docsReview, readOnly: false, maxTurns: 12 }, triage] }) }, "docs review may write");
  await page.getByTestId("preview-import").click();
  const imported = page.getByTestId("import-preview");
  const moved = imported.locator(`[data-testid="mode-preview-room"][data-room-id="${roomId}"]`);
  await expect(moved).toHaveAttribute("data-effect", "waits");
  await expect(moved).toContainText("Docs review → Docs review");
  await expect(moved).toContainText("max turns none → 12");
  await expect(imported.locator('[data-testid="mode-preview-change"][data-mode="docs-review"]').first()).toHaveAttribute("data-kind", "enabled");
  await expect(imported.locator('[data-testid="mode-preview-change"][data-mode="triage"]')).toHaveCount(0);
  expect((await stored()).find((m) => m.id === "docs-review")?.disabled).toBe(true);
  await imported.getByTestId("confirm-import").click();
  await expect(page.getByText(/Loaded gatehouse.modes.json at [0-9a-f]{12}/)).toBeVisible();
  expect((await stored()).find((m) => m.id === "docs-review")).toMatchObject({ disabled: false, readOnly: false });

  await roomPage.reload();
  await expect(roomPage.getByTestId("mode-badge").first()).toContainText("Docs review");
  await expect(roomPage.getByTestId("mode-switch-request")).toHaveCount(1);
  await expect(roomPage.getByTestId("mode-switch-request")).toContainText("changed Docs review mode");
});
