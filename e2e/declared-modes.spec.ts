/**
 * X1–X4, G7 in Chromium: an admin declares a mode in settings (a bad field is
 * named beside it, the preview shows the surface diff), opens a room in it and
 * reads the capability panel; a scripted agent in Agent mode calls change_mode
 * twice — cancelled once from the confirmation bar, switched once with
 * "Switch now" — and the room ends in the declared mode.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signIn, signUp, uniqueUser } from "./support/session";

// Its own workspace: declared modes and change_mode are workspace policy.
test("X1, X2, X3, X4, G7: declare a mode, open a room in it, and a scripted agent's change_mode is cancelled once and accepted once", async ({ context }) => {
  const user = uniqueUser("modes");
  await signUp(context.request, user);
  await signIn(context.request, user);
  const created = await context.request.post("/api/workspaces", { data: { name: `Modes ${randomUUID().slice(0, 6)}` } });
  expect(created.status(), await created.text()).toBe(201);
  const { slug } = (await created.json()).workspace as { slug: string };
  const agent = await context.request.post(`/api/workspaces/${slug}/agents`, {
    data: {
      name: "Switcher",
      provider: "scripted",
      script: {
        scenarios: [
          {
            steps: [
              { toolCalls: [{ name: "change_mode", args: { mode: "security-audit", reason: "look for weaknesses" } }] },
              { toolCalls: [{ name: "change_mode", args: { mode: "security-audit", reason: "look for weaknesses, please" } }] },
              { text: "Now auditing." },
            ],
          },
        ],
      },
    },
  });
  expect(agent.status(), await agent.text()).toBe(201);

  // Declare the mode; a bad accent is named beside its field.
  const page = await context.newPage();
  await page.goto(`/w/${slug}/settings/modes`);
  await page.getByTestId("declare-mode").click();
  const form = page.getByTestId("mode-form");
  await form.getByLabel("Id").fill("security-audit");
  await form.getByLabel("Label").fill("Security audit");
  await form.getByLabel("Tool grants").fill("read_file, grep");
  await form.getByLabel("Accent").fill("red");
  await form.getByLabel("Description").fill("Reads the code looking for weaknesses.");
  await form.getByTestId("save-mode").click();
  await expect(form.getByLabel("Accent")).toHaveAccessibleDescription(/must be a colour like #0f766e/);
  await form.getByLabel("Accent").fill("#b91c1c");
  await form.getByTestId("preview-mode").click();
  await expect(page.getByTestId("mode-preview-change")).toContainText(/Switcher in Security audit \(new\) \+ .*read_file/);
  await form.getByTestId("save-mode").click();
  await expect(page.locator('[data-testid="declared-mode"][data-mode="security-audit"]')).toContainText("2 granted tools");
  await page.getByTestId("agent-can-switch").check();
  await page.getByLabel("Cancel window (seconds)").fill("30");
  await page.getByTestId("save-switching").click();
  await expect(page.getByText("Saved.")).toBeVisible();

  // Open a room in the declared mode; the capability panel names the layer that removed each tool.
  await page.goto(`/w/${slug}`);
  await page.getByTestId("new-room-button").or(page.getByTestId("new-room-empty")).first().click();
  await page.getByTestId("new-room-name").fill("Audit room");
  await page.locator('[data-testid="new-room-mode"][value="security-audit"]').check({ force: true });
  await page.getByTestId("new-room-submit").click();
  await expect(page.getByTestId("room-name")).toHaveText("Audit room");
  await expect(page.getByTestId("mode-select")).toHaveValue("security-audit");
  await expect(page.getByTestId("mode-badge").first()).toContainText("Security audit");
  await page.getByTestId("capability-toggle").click();
  const panel = page.getByTestId("capability-panel");
  await expect(panel).toHaveAttribute("data-mode", "security-audit");
  await expect(panel.locator('[data-testid="capability-tool"][data-tool="read_file"]')).toBeVisible();
  await expect(panel.locator('[data-testid="capability-tool"][data-tool="change_mode"]')).toBeVisible();
  await expect(panel.locator('[data-testid="capability-removed"][data-tool="write_file"]')).toContainText("removed by the mode's profile");
  await expect(panel.locator('[data-testid="capability-removed"][data-tool="list_dir"]')).toContainText("Security audit mode does not grant list_dir");
  await expect(panel.getByTestId("capability-fingerprint")).toHaveText(/^[0-9a-f]{12}$/);

  // A person moves the room to Agent mode; the agent asks to go back.
  await page.getByTestId("mode-select").selectOption("chat");
  await expect(panel).toHaveAttribute("data-mode", "chat");
  await page.getByTestId("composer-input").fill("Audit the login code");
  await page.getByTestId("composer-send").click();

  const bar = page.getByTestId("mode-switch-bar");
  await expect(bar).toContainText("Switch to Security audit mode: look for weaknesses", { timeout: 30_000 });
  await expect(bar.getByTestId("mode-switch-countdown")).toContainText(/Applies in \d+ s/);
  await bar.getByRole("button", { name: /Cancel switch/ }).click();
  await expect(bar).toContainText("please", { timeout: 30_000 });
  await expect(page.getByTestId("mode-select")).toHaveValue("chat");
  await bar.getByRole("button", { name: /Switch now/ }).click();

  await expect(page.getByTestId("mode-select")).toHaveValue("security-audit", { timeout: 30_000 });
  await expect(page.getByTestId("run-status").last()).toHaveAttribute("data-status", "succeeded", { timeout: 60_000 });
  const calls = page.locator('[data-testid="tool-call-row"][data-tool="change_mode"]');
  await expect(calls).toHaveCount(2);
  await expect(page.getByTestId("mode-switch-bar")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("room-fingerprint")).toHaveText(/^[0-9a-f]{12}$/);
});
