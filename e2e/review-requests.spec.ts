/**
 * R3 and notifications as a team sees them, in a workspace of the test's own
 * (a clone of invoice-kit): Sam is told in the app and by the browser when
 * Dana opens a pull request and when she asks for his review; the inbox lists
 * the review asked of him; two members whose addresses share a local part get
 * distinct @handles, and the composer completes the one Dana means.
 */
import { randomUUID } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO, signedInPage, signIn, signUp, TEAMMATE, uniqueUser } from "./support/session";
import { commitToBranch, git, ownWorkspace } from "./support/repo";

/** A signed-in page whose browser notifications are recorded (the OS notification is the boundary); the person opted in. */
async function recordingPage(browser: Browser, user: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    const notes: { title: string; body?: string }[] = [];
    (window as unknown as { __notes: typeof notes }).__notes = notes;
    class RecordedNotification {
      static permission = "granted";
      static requestPermission = async () => "granted";
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        notes.push({ title, body: options?.body });
      }
      close() {}
    }
    (window as unknown as { Notification: unknown }).Notification = RecordedNotification;
    localStorage.setItem("gatehouse-browser-notifications", "on");
  });
  return signedInPage(context, user);
}

/** Opens a workspace page and waits until its notifications know where they start and its stream is live. */
async function listening(page: Page, path: string): Promise<void> {
  const ready = page.waitForResponse((r) => /\/api\/workspaces\/[^/]+\/notifications$/.test(new URL(r.url()).pathname) && r.ok());
  await page.goto(path);
  await ready;
  await expect(page.getByTestId("connection-status")).toContainText(/live/i);
}

const notes = (page: Page) => page.evaluate(() => (window as unknown as { __notes: { title: string; body?: string }[] }).__notes);

test("R3: Sam is notified in the app and the browser when Dana opens a pull request and asks for his review; his inbox lists it", async ({ browser }) => {
  test.setTimeout(240_000);
  const dana = await signedInPage(await browser.newContext(), DEMO);
  const api = dana.context().request;
  const own = await ownWorkspace(api, `Reviews ${randomUUID().slice(0, 6)}`);
  expect((await api.post(`${own.ws}/members`, { data: { email: TEAMMATE.email, role: "member" } })).status()).toBe(201);
  await git(own.path, ["branch", "cap-discounts", "main"]);
  await commitToBranch(own.path, "cap-discounts", { "NOTES.md": "Caps discounts at 50%.\n" }, "Cap discounts");

  const sam = await recordingPage(browser, TEAMMATE);
  await listening(sam, `/w/${own.slug}`);

  const opened = await api.post(`${own.ws}/pulls`, { data: { repositoryId: own.repositoryId, baseRef: "main", headRef: "cap-discounts", title: "Cap discounts at 50%" } });
  expect(opened.status(), await opened.text()).toBe(201);
  const pullId = ((await opened.json()) as { pullRequest: { id: string } }).pullRequest.id;

  await dana.goto(`/w/${own.slug}/pulls/${pullId}`);
  const requests = dana.getByTestId("review-requests");
  await requests.getByTestId("review-request-picker").selectOption({ label: "Sam Teammate (@sam)" });
  await requests.getByTestId("request-review").click();
  await expect(requests.getByTestId("review-request")).toHaveText(/Sam Teammate/);
  await expect(requests.getByRole("status")).toContainText("Sam Teammate is asked to review and is notified.");
  // The author is never offered as a reviewer of their own pull request.
  await expect(requests.getByTestId("review-request-picker").locator("option", { hasText: "Dana" })).toHaveCount(0);

  // In the app: the top bar counts what is new, and the list says what and where.
  // Both are new (a verdict for a pull request he reviews may follow them).
  await expect(sam.getByTestId("notifications-unseen")).toHaveText(/^[2-9]/, { timeout: 60_000 });
  await sam.getByTestId("notifications-button").click();
  const panel = sam.getByTestId("notifications-panel");
  await expect(panel.locator('[data-testid="in-app-notification"][data-kind="review_request"]')).toContainText("Your review is asked for on #1");
  await expect(panel.locator('[data-testid="in-app-notification"][data-kind="pull"]')).toContainText("Pull request #1 opened");
  await expect(sam.getByTestId("notifications-unseen")).toHaveCount(0);
  // In the browser too.
  await expect.poll(() => notes(sam)).toContainEqual(expect.objectContaining({ title: "Your review is asked for on #1", body: expect.stringContaining("asked by Dana Demo") }));
  await expect.poll(() => notes(sam)).toContainEqual(expect.objectContaining({ title: "Pull request #1 opened" }));

  // The notification opens the pull request; the inbox lists the review asked of him.
  await panel.locator('[data-testid="in-app-notification"][data-kind="review_request"]').getByRole("link").click();
  await expect(sam).toHaveURL(new RegExp(`/pulls/${pullId}$`));
  await sam.goto(`/w/${own.slug}/inbox`);
  await expect(sam.getByTestId("inbox-review-request")).toContainText("#1 Cap discounts at 50%");
  await expect(sam.getByTestId("inbox-review-request")).toContainText("asked by Dana Demo");

  // Withdrawn, it leaves his inbox.
  await requests.getByTestId("withdraw-review-request").click();
  await expect(requests.getByTestId("review-request")).toHaveCount(0);
  await expect(sam.getByTestId("inbox-review-request")).toHaveCount(0, { timeout: 30_000 });
});

test("two members whose addresses share a local part get distinct handles; the composer completes the one Dana picks and only he is notified", async ({ browser }) => {
  test.setTimeout(180_000);
  const dana = await signedInPage(await browser.newContext(), DEMO);
  const api = dana.context().request;
  const created = await api.post("/api/workspaces", { data: { name: `Handles ${randomUUID().slice(0, 6)}` } });
  const slug = ((await created.json()) as { workspace: { slug: string } }).workspace.slug;
  const ws = `/api/workspaces/${slug}`;
  // Another Sam: same local part, another domain.
  const twin = { ...uniqueUser("twin"), email: `sam@twin-${randomUUID().slice(0, 6)}.test` };
  const signer = await browser.newContext();
  await signUp(signer.request, twin);
  await signIn(signer.request, twin);
  await signer.close();
  for (const email of [TEAMMATE.email, twin.email]) expect((await api.post(`${ws}/members`, { data: { email, role: "member" } })).status()).toBe(201);
  const room = await api.post(`${ws}/rooms`, { data: { name: "Hand-off", mode: "chat" } });
  const roomId = ((await room.json()) as { room: { id: string } }).room.id;

  const sam = await recordingPage(browser, TEAMMATE);
  await listening(sam, `/w/${slug}`);

  await dana.goto(`/w/${slug}/rooms/${roomId}`);
  const input = dana.getByTestId("composer-input");
  await input.fill("Could you take a look, @sa");
  const options = dana.getByTestId("mention-option");
  await expect(options).toHaveCount(2);
  const handles = await options.evaluateAll((items) => items.map((i) => i.getAttribute("data-handle")));
  expect(handles.sort()).toEqual(["sam.gatehouse.dev", twin.email.replace("@", ".")].sort());
  await dana.getByRole("option", { name: /@sam\.gatehouse\.dev/ }).click();
  await expect(input).toHaveValue("Could you take a look, @sam.gatehouse.dev ");
  await input.press("End");
  await input.pressSequentially("today?");
  await input.press("Enter");
  await expect(dana.getByTestId("user-message").last()).toContainText("@sam.gatehouse.dev today?");

  await expect.poll(() => notes(sam), { timeout: 60_000 }).toContainEqual(expect.objectContaining({ title: "You were mentioned", body: expect.stringContaining("@sam.gatehouse.dev") }));
});
