/**
 * M7 in Chromium: Settings → MCP servers. An admin attaches a server declaring
 * a tool's tier and effect classes; an address the operator does not allow is
 * refused beside the URL field, a bad name beside the name field before
 * anything is sent; the list shows the declared tools; detaching asks once
 * more and removes it. A member sees the list without the controls.
 * M8: names that would meet are refused; each tool is listed under its own
 * name, and a room's capability panel includes attached tools.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { mcpToolName } from "../lib/mcp-client/mcp-tool-spec";
import { DEMO, TEAMMATE, signedInPage } from "./support/session";

test("M7: an admin attaches an MCP server with declared tiers, sees refusals beside the field, and detaches it", async ({ context }) => {
  const page = await signedInPage(context, DEMO);
  const name = `e${randomUUID().replaceAll("-", "").slice(0, 10)}`;
  // Its own workspace: a server attached to the demo workspace would join every other test's runs there.
  const created = await page.request.post("/api/workspaces", { data: { name: `MCP ${name}` } });
  expect(created.status(), await created.text()).toBe(201);
  const slug = ((await created.json()) as { workspace: { slug: string } }).workspace.slug;
  expect((await page.request.post(`/api/workspaces/${slug}/members`, { data: { email: TEAMMATE.email, role: "member" } })).status()).toBeLessThan(300);
  await page.goto(`/w/${slug}/settings/mcp-servers`);
  await expect(page.getByRole("link", { name: "MCP servers" })).toHaveAttribute("aria-current", "page");
  const form = page.getByRole("form", { name: "Attach an MCP server" });

  // zod in the browser: a name the API would refuse never leaves the page.
  await form.getByLabel("Server name").fill("Bad Name");
  await form.getByLabel("Server URL").fill("https://mcp.example.com/mcp");
  await form.getByRole("button", { name: "Attach server" }).click();
  await expect(form.getByLabel("Server name")).toHaveAccessibleDescription(/lower-case letter/);

  // H4: a loopback address is refused by the server, and the reason shows beside the URL.
  await form.getByLabel("Server name").fill(name);
  await form.getByLabel("Server URL").fill("http://127.0.0.1:9/mcp");
  await form.getByLabel("Tool 1 name").fill("lookup");
  await form.getByRole("button", { name: "Attach server" }).click();
  await expect(form.getByLabel("Server URL")).toHaveAccessibleDescription(/loopback address[\s\S]*GATEHOUSE_ALLOWED_WEB_HOSTS/);

  await form.getByLabel("Server URL").fill("https://mcp.example.com/mcp");
  await form.getByRole("button", { name: "Add a tool" }).click();
  await form.getByLabel("Tool 2 name").fill("write_note");
  await form.getByLabel("Tool 2 tier").selectOption("write");
  await form.getByText("Effect classes (none)").nth(1).click();
  await form.getByRole("group", { name: "Tool 2 effect classes" }).getByLabel("write outside worktree").check();
  await form.getByRole("button", { name: "Attach server" }).click();
  await expect(page.getByRole("status")).toContainText(`Attached ${name}.`);

  const row = page.locator(`[data-testid="mcp-server"][data-name="${name}"]`);
  await expect(row).toContainText("https://mcp.example.com/mcp");
  const tools = row.getByRole("list", { name: `Declared tools of ${name}` });
  await expect(tools.getByRole("listitem").filter({ hasText: `mcp_${name}_lookup` }).getByTestId("tier-badge")).toContainText("read");
  const writeTool = tools.getByRole("listitem").filter({ hasText: `mcp_${name}_write_note` });
  await expect(writeTool.getByTestId("tier-badge")).toContainText("write");
  await expect(writeTool).toContainText("write outside worktree");

  // A member sees it, without the controls.
  const member = await signedInPage(await context.browser()!.newContext(), TEAMMATE);
  await member.goto(`/w/${slug}/settings/mcp-servers`);
  await expect(member.locator(`[data-testid="mcp-server"][data-name="${name}"]`)).toBeVisible();
  await expect(member.getByRole("form", { name: "Attach an MCP server" })).toHaveCount(0);
  await expect(member.getByRole("button", { name: /Detach/ })).toHaveCount(0);

  await row.getByRole("button", { name: `Detach ${name}` }).click();
  await row.getByRole("button", { name: `Detach ${name}` }).click();
  await expect(page.getByRole("status")).toContainText(`Detached ${name}.`);
  await expect(row).toHaveCount(0);
});

test("M8: names that would meet are refused beside the tools; attached tools are listed under their own names, and a plan room's capability panel shows the read-tier one", async ({ context }) => {
  // Two pages (settings, then a room) on shared, busy machines.
  test.setTimeout(180_000);
  const page = await signedInPage(context, DEMO);
  const name = `e${randomUUID().replaceAll("-", "").slice(0, 10)}`;
  const created = await page.request.post("/api/workspaces", { data: { name: `MCP ${name}` } });
  expect(created.status(), await created.text()).toBe(201);
  const slug = ((await created.json()) as { workspace: { slug: string } }).workspace.slug;
  await page.goto(`/w/${slug}/settings/mcp-servers`);
  const form = page.getByRole("form", { name: "Attach an MCP server" });
  await form.getByLabel("Server name").fill(name);
  await form.getByLabel("Server URL").fill("https://mcp.example.com/mcp");

  // "a.b" is offered as mcp_<name>_a_b_<8 hex>; a tool literally named like that would share its name.
  const dotted = mcpToolName(name, "a.b");
  const twin = dotted.slice(`mcp_${name}_`.length);
  await form.getByLabel("Tool 1 name").fill("a.b");
  await form.getByRole("button", { name: "Add a tool" }).click();
  await form.getByLabel("Tool 2 name").fill(twin);
  await form.getByLabel("Tool 2 tier").selectOption("write");
  await form.getByRole("button", { name: "Attach server" }).click();
  await expect(form.getByText(`"a.b" and "${twin}" would both be offered as ${dotted}`)).toBeVisible();

  await form.getByLabel("Tool 2 name").fill("a_b");
  await form.getByRole("button", { name: "Attach server" }).click();
  await expect(page.getByRole("status")).toContainText(`Attached ${name}.`);
  const tools = page.locator(`[data-testid="mcp-server"][data-name="${name}"]`).getByRole("list", { name: `Declared tools of ${name}` });
  await expect(tools.getByRole("listitem").filter({ hasText: dotted }).getByTestId("tier-badge")).toContainText("read");
  await expect(tools.getByRole("listitem").filter({ has: page.getByText(`mcp_${name}_a_b`, { exact: true }) }).getByTestId("tier-badge")).toContainText("write");

  // The panel compiles the same registry as a run: the read-tier attached tool is on Plan's surface, the writer removed.
  const room = await page.request.post(`/api/workspaces/${slug}/rooms`, { data: { name: `Plan ${name}`, mode: "plan" } });
  expect(room.status(), await room.text()).toBe(201);
  await page.goto(`/w/${slug}/rooms/${((await room.json()) as { room: { id: string } }).room.id}`);
  await page.getByTestId("capability-toggle").click();
  const panel = page.getByTestId("capability-panel");
  await expect(panel.locator(`[data-testid="capability-tool"][data-tool="${dotted}"]`)).toBeVisible();
  await expect(panel.locator(`[data-testid="capability-removed"][data-tool="mcp_${name}_a_b"]`)).toBeVisible();
});
