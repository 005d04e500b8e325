/**
 * H5: the web boundary, against the real server over real HTTP (and Chromium
 * where a browser matters): same-origin JSON for state changes, bodies capped
 * while they stream, streams that close when access goes, sign-in that
 * resists guessing and does not reveal accounts, sessions that end on sign-out,
 * text the database refuses answered with 400, security headers, and sign-in
 * and sign-up forms that post before hydration.
 *
 * Sign-in attempts carry their own X-Forwarded-For (the server is exposed
 * directly here, GATEHOUSE_TRUSTED_PROXIES=0), so each test's per-address
 * count is its own and never limits the other specs signing in from 127.0.0.1.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { DEMO, signIn, signUp, uniqueUser, type TestUser } from "./support/session";

const port = process.env.E2E_PORT ?? "3210";
const baseURL = `http://127.0.0.1:${port}`;

/** A fresh documentation-range address per call (RFC 5737 / 3849), for per-address sign-in counts. */
function freshAddress(): string {
  const b = randomUUID().replace(/-/g, "");
  return `2001:db8:${b.slice(0, 4)}:${b.slice(4, 8)}:${b.slice(8, 12)}:${b.slice(12, 16)}:${b.slice(16, 20)}:${b.slice(20, 24)}`;
}

async function client(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL });
}

async function signedInClient(user?: TestUser): Promise<{ api: APIRequestContext; user: TestUser; cookie: string }> {
  const api = await client();
  const who = user ?? uniqueUser("h5");
  if (!user) await signUp(api, who);
  await signIn(api, who);
  const session = (await api.storageState()).cookies.find((c) => c.name.endsWith("next-auth.session-token"))!;
  return { api, user: who, cookie: `${session.name}=${session.value}` };
}

async function newWorkspace(api: APIRequestContext): Promise<{ slug: string; id: string }> {
  const res = await api.post("/api/workspaces", { data: { name: `H5 ${randomUUID().slice(0, 6)}` }, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).workspace;
}

async function newRoom(api: APIRequestContext, slug: string): Promise<string> {
  const res = await api.post(`/api/workspaces/${slug}/rooms`, { data: { name: `room ${randomUUID().slice(0, 6)}` } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).room.id;
}

/** One credentials sign-in attempt as a script would make it; returns next-auth's error code or "ok", and how long it took. */
async function attemptSignIn(email: string, password: string, address: string): Promise<{ outcome: string; ms: number }> {
  const api = await client();
  try {
    const { csrfToken } = await (await api.get("/api/auth/csrf")).json();
    const started = performance.now();
    const res = await api.post("/api/auth/callback/credentials", {
      form: { csrfToken, email, password, json: "true" },
      headers: { "x-forwarded-for": address },
      maxRedirects: 0,
    });
    const ms = performance.now() - started;
    const url = new URL(((await res.json()) as { url: string }).url, baseURL);
    return { outcome: url.searchParams.get("error") ?? "ok", ms };
  } finally {
    await api.dispose();
  }
}

/**
 * POSTs a body chunk by chunk with Transfer-Encoding: chunked (no
 * Content-Length) until the server answers or `max` bytes are sent. A raw
 * socket, like curl: the answer is read while the body is still being sent,
 * and the connection is kept alive as curl keeps it. (With "Connection: close"
 * Node's server closes the socket right after answering, and a close with
 * unread bytes is a TCP reset; a client that writes once more after it then
 * fails its write and drops the answer it had not read yet — a race in the
 * client, not a missing answer.)
 */
function sendChunked(path: string, headers: Record<string, string>, max: number): Promise<{ status: number; body: string; sent: number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    let sent = 0;
    let sentWhenAnswered = -1;
    let received = "";
    const head = [`POST ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, "Transfer-Encoding: chunked", ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    const chunk = Buffer.concat([Buffer.from(`${(64 * 1024).toString(16)}\r\n`), Buffer.alloc(64 * 1024, "a"), Buffer.from("\r\n")]);
    const answered = () => sentWhenAnswered >= 0;
    const pump = () => {
      while (!answered() && !socket.destroyed && sent < max) {
        sent += 64 * 1024;
        if (!socket.write(chunk)) return void socket.once("drain", pump);
      }
      if (!answered() && !socket.destroyed) socket.write("0\r\n\r\n");
    };
    socket.on("connect", () => {
      socket.write(`${head.join("\r\n")}\r\n\r\n`);
      pump();
    });
    socket.setEncoding("latin1");
    socket.on("data", (data: string) => {
      if (!answered()) sentWhenAnswered = sent;
      received += data;
      if (answerComplete(received)) socket.destroy();
    });
    socket.on("error", () => undefined); // a reset after the answer; what arrived is what counts
    socket.on("close", () => {
      const match = /^HTTP\/1\.1 (\d{3})[^]*?\r\n\r\n([^]*)$/.exec(received);
      if (!match) return reject(new Error(`no HTTP answer after sending ${sent} bytes: ${JSON.stringify(received.slice(0, 200))}`));
      // A chunked body: keep the JSON between the chunk-size lines.
      const chunked = /\r\ntransfer-encoding: *chunked/i.test(received.slice(0, received.indexOf("\r\n\r\n")));
      const body = chunked ? match[2]!.replace(/^[0-9a-f]+\r\n/gim, "").replace(/\r\n/g, "") : match[2]!;
      resolve({ status: Number(match[1]), body, sent: sentWhenAnswered });
    });
  });
}

/** Whether `received` holds a whole HTTP answer: its headers and a body ended by Content-Length or the last chunk. */
function answerComplete(received: string): boolean {
  const end = received.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const head = received.slice(0, end);
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (length) return received.length - end - 4 >= Number(length[1]);
  return /\r\n0\r\n\r\n$/.test(received);
}

/** An SSE stream read in the background: its events, and whether the server ended it. */
function openStream(path: string, cookie: string) {
  const events: { type: string; id?: string }[] = [];
  let status = 0;
  let ended = false;
  let buffer = "";
  const opened = new Promise<void>((resolve, reject) => {
    const req = http.get(`${baseURL}${path}`, { headers: { cookie, accept: "text/event-stream" }, agent: false }, (res) => {
      status = res.statusCode ?? 0;
      res.setEncoding("utf8");
      res.on("data", (text: string) => {
        buffer += text;
        if (buffer.includes(": connected")) resolve();
        let at: number;
        while ((at = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          if (type) events.push({ type, id: /^id: (.*)$/m.exec(block)?.[1] });
        }
      });
      const finish = () => {
        ended = true;
        resolve();
      };
      res.on("end", finish);
      res.on("close", finish);
    });
    req.on("error", reject);
    streams.push(req);
  });
  return {
    opened,
    events,
    status: () => status,
    ended: () => ended,
  };
}
const streams: http.ClientRequest[] = [];
test.afterAll(() => streams.forEach((req) => req.destroy()));

// ───────────────────────── same origin, JSON only ─────────────────────────

test("H5: a state change from another origin, a cross-site Sec-Fetch-Site or a non-JSON body is refused; our own JSON passes", async () => {
  const { api } = await signedInClient();
  const before = ((await (await api.get("/api/workspaces")).json()).workspaces as unknown[]).length;
  const json = { name: "should not exist" };

  const refusals: { name: string; headers?: Record<string, string>; body: { data?: unknown; form?: Record<string, string>; multipart?: Record<string, string> } | { raw: string; type: string }; status: number }[] = [
    { name: "Origin of another site", headers: { origin: "https://evil.example" }, body: { data: json }, status: 403 },
    { name: "Origin on another port", headers: { origin: `http://127.0.0.1:${Number(port) + 1}` }, body: { data: json }, status: 403 },
    { name: "Origin: null (sandboxed frame)", headers: { origin: "null" }, body: { data: json }, status: 403 },
    { name: "Sec-Fetch-Site: cross-site", headers: { "sec-fetch-site": "cross-site" }, body: { data: json }, status: 403 },
    { name: "Sec-Fetch-Site: same-site (a sibling app)", headers: { "sec-fetch-site": "same-site" }, body: { data: json }, status: 403 },
    { name: "text/plain JSON", body: { raw: JSON.stringify(json), type: "text/plain" }, status: 415 },
    { name: "form-encoded", body: { form: { name: "should not exist" } }, status: 415 },
    { name: "multipart", body: { multipart: { name: "should not exist" } }, status: 415 },
  ];
  for (const refusal of refusals) {
    const options =
      "raw" in refusal.body
        ? { data: refusal.body.raw, headers: { ...refusal.headers, "content-type": refusal.body.type } }
        : { ...refusal.body, headers: refusal.headers };
    const res = await api.post("/api/workspaces", options);
    expect(res.status(), `${refusal.name}: ${await res.text()}`).toBe(refusal.status);
    expect(res.headers()["content-type"]).toContain("application/problem+json");
    expect((await res.json()).detail, refusal.name).toMatch(refusal.status === 403 ? /cross-site request refused/i : /application\/json/);
  }
  // A DELETE (no body) is a state change too.
  const token = await api.post("/api/me/mcp-tokens", { data: { name: "h5" } });
  expect(token.status()).toBe(201);
  const tokenId = ((await token.json()) as { token: { id: string } }).token.id;
  const del = await api.delete(`/api/me/mcp-tokens/${tokenId}`, { headers: { origin: "https://evil.example" } });
  expect(del.status()).toBe(403);
  expect(((await (await api.get("/api/me/mcp-tokens")).json()).tokens as { id: string }[]).map((t) => t.id)).toContain(tokenId);

  expect(((await (await api.get("/api/workspaces")).json()).workspaces as unknown[]).length).toBe(before);
  // The same change from our own origin, as a browser sends it, works.
  const ok = await api.post("/api/workspaces", { data: { name: "H5 allowed" }, headers: { origin: baseURL, "sec-fetch-site": "same-origin" } });
  expect(ok.status(), await ok.text()).toBe(201);
});

test("H5: in Chromium, a page of another app on the same host cannot change state with the signed-in cookie", async ({ browser }) => {
  const context = await browser.newContext();
  const user = uniqueUser("victim");
  await signUp(context.request, user);
  await signIn(context.request, user);
  const marker = `pwned-${randomUUID().slice(0, 6)}`;
  // Same site as Gatehouse (only the port differs), so SameSite=Lax cookies ride along.
  const attacker = http.createServer((req, res) => {
    res.setHeader("content-type", "text/html");
    if (req.url === "/form") {
      // enctype text/plain makes the body {"name":"<marker>","x":"="}: valid JSON.
      res.end(`<form id=f method=post action="${baseURL}/api/workspaces" enctype="text/plain">
        <input name='{"name":"${marker}","x":"' value='"}'></form><script>f.submit()</script>`);
    } else {
      res.end(`<script>fetch("${baseURL}/api/workspaces",{method:"POST",mode:"no-cors",credentials:"include",
        headers:{"content-type":"text/plain"},body:JSON.stringify({name:"${marker}-fetch"})}).finally(()=>document.title="sent")</script>`);
    }
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  const attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  try {
    const page = await context.newPage();
    const answered = page.waitForResponse((r) => r.url() === `${baseURL}/api/workspaces` && r.request().method() === "POST");
    await page.goto(`${attackerUrl}/form`);
    const response = await answered;
    expect(response.status()).toBe(403);
    await page.goto(`${attackerUrl}/fetch`);
    await expect(page).toHaveTitle("sent");
    const names = ((await (await context.request.get("/api/workspaces")).json()).workspaces as { name: string }[]).map((w) => w.name);
    expect(names.filter((name) => name.startsWith(marker))).toEqual([]);
  } finally {
    attacker.close();
    await context.close();
  }
});

// ───────────────────────── bodies capped while streaming ─────────────────────────

test("H5: oversized bodies sent chunked without Content-Length are refused with 413 before the rest is read", async () => {
  const { cookie, api } = await signedInClient();
  const ws = await newWorkspace(api);
  const cases: { name: string; path: string; headers: Record<string, string>; limit: number }[] = [
    { name: "JSON API", path: `/api/workspaces/${ws.slug}/rooms`, headers: { cookie, "content-type": "application/json" }, limit: 1024 * 1024 },
    { name: "sign-up", path: "/api/auth/signup", headers: { "content-type": "application/json" }, limit: 16 * 1024 },
    { name: "GitHub webhook", path: "/api/webhooks/github", headers: { "content-type": "application/json", "x-github-event": "pull_request", "x-github-delivery": randomUUID(), "x-hub-signature-256": "sha256=00" }, limit: 5 * 1024 * 1024 },
    { name: "MCP", path: "/api/mcp", headers: { authorization: "Bearer gh_mcp_nope", "content-type": "application/json", accept: "application/json, text/event-stream" }, limit: 1024 * 1024 },
  ];
  for (const c of cases) {
    // Up to 40 MB would be sent if the server read everything before answering.
    const answer = await sendChunked(c.path, c.headers, 40 * 1024 * 1024);
    expect(answer.status, `${c.name}: ${answer.body.slice(0, 200)}`).toBe(413);
    expect(JSON.parse(answer.body).detail, c.name).toMatch(/larger than this endpoint accepts/);
    // The answer came while the body was still streaming, well before 40 MB.
    expect(answer.sent, c.name).toBeLessThan(c.limit + 16 * 1024 * 1024);
  }
  // A declared Content-Length over the limit is refused without reading at all.
  const declared = await api.post(`/api/workspaces/${ws.slug}/rooms`, { data: "x".repeat(1024 * 1024 + 10), headers: { "content-type": "application/json" } });
  expect(declared.status()).toBe(413);
});

// ───────────────────────── streams close when access goes ─────────────────────────

test("H5: a removed member's open room and workspace streams close and receive no later event", async () => {
  const owner = await signedInClient();
  const member = await signedInClient();
  const ws = await newWorkspace(owner.api);
  const roomId = await newRoom(owner.api, ws.slug);
  const added = await owner.api.post(`/api/workspaces/${ws.slug}/members`, { data: { email: member.user.email, role: "member" } });
  expect(added.status(), await added.text()).toBe(201);
  const memberId = (await added.json()).member.id;

  const roomStream = openStream(`/api/workspaces/${ws.slug}/rooms/${roomId}/events`, member.cookie);
  const wsStream = openStream(`/api/workspaces/${ws.slug}/events`, member.cookie);
  await Promise.all([roomStream.opened, wsStream.opened]);
  expect([roomStream.status(), wsStream.status()]).toEqual([200, 200]);

  // Live while a member: a change reaches both streams.
  await owner.api.patch(`/api/workspaces/${ws.slug}/rooms/${roomId}`, { data: { name: "before removal" } });
  await expect.poll(() => roomStream.events.length, { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(() => wsStream.events.length, { timeout: 15_000 }).toBeGreaterThan(0);

  const removed = await owner.api.delete(`/api/workspaces/${ws.slug}/members/${memberId}`);
  expect(removed.status(), await removed.text()).toBe(200);
  await expect.poll(() => [roomStream.ended(), wsStream.ended()], { timeout: 20_000, message: "the server ends both streams" }).toEqual([true, true]);
  const counts = [roomStream.events.length, wsStream.events.length];

  await owner.api.patch(`/api/workspaces/${ws.slug}/rooms/${roomId}`, { data: { name: "after removal" } });
  await owner.api.post(`/api/workspaces/${ws.slug}/rooms/${roomId}/messages`, { data: { content: "secret plans" } });
  // Proof the later events exist: the owner's own stream replays them.
  const ownerStream = openStream(`/api/workspaces/${ws.slug}/rooms/${roomId}/events?after=0`, owner.cookie);
  await expect.poll(() => ownerStream.events.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(counts[0]! + 2);
  expect([roomStream.events.length, wsStream.events.length]).toEqual(counts);
  // And a reconnect is refused like any non-member's.
  expect((await member.api.get(`/api/workspaces/${ws.slug}/rooms/${roomId}/events`)).status()).toBe(404);
});

test("H5: a role change closes the member's open stream; the reconnect gets what the new role allows", async () => {
  const owner = await signedInClient();
  const member = await signedInClient();
  const ws = await newWorkspace(owner.api);
  const added = await owner.api.post(`/api/workspaces/${ws.slug}/members`, { data: { email: member.user.email, role: "member" } });
  const memberId = (await added.json()).member.id;
  const stream = openStream(`/api/workspaces/${ws.slug}/events`, member.cookie);
  await stream.opened;
  const changed = await owner.api.patch(`/api/workspaces/${ws.slug}/members/${memberId}`, { data: { role: "viewer" } });
  expect(changed.status(), await changed.text()).toBe(200);
  await expect.poll(() => stream.ended(), { timeout: 20_000, message: "the server ends the stream" }).toBe(true);
  // As a viewer they may still read, but not write.
  expect((await member.api.get(`/api/workspaces/${ws.slug}/rooms`)).status()).toBe(200);
  expect((await member.api.post(`/api/workspaces/${ws.slug}/rooms`, { data: { name: "nope" } })).status()).toBe(403);
});

// ───────────────────────── sign-in resists guessing ─────────────────────────

test("H5: many wrong passwords for one account are limited — then even the right password waits, from any address", async () => {
  const api = await client();
  const user = uniqueUser("guessed");
  await signUp(api, user);
  const address = freshAddress();
  const outcomes: string[] = [];
  for (let i = 0; i < 10; i++) outcomes.push((await attemptSignIn(user.email, `wrong-${i}`, address)).outcome);
  expect(outcomes).toEqual(Array(10).fill("CredentialsSignin"));
  expect((await attemptSignIn(user.email, `wrong-again`, address)).outcome).toBe("TooManyAttempts");
  expect((await attemptSignIn(user.email, user.password, address)).outcome).toBe("TooManyAttempts");
  expect((await attemptSignIn(user.email.toUpperCase(), user.password, freshAddress())).outcome).toBe("TooManyAttempts");
  // Another account from the same address is not affected by this account's limit.
  const other = uniqueUser("bystander");
  await signUp(api, other);
  expect((await attemptSignIn(other.email, other.password, address)).outcome).toBe("ok");
});

test("H5: many wrong passwords from one address across accounts are limited there, not elsewhere; the page says so", async ({ browser }) => {
  const api = await client();
  const user = uniqueUser("sprayed");
  await signUp(api, user);
  const address = freshAddress();
  for (let i = 0; i < 30; i++) {
    expect((await attemptSignIn(`nobody-${i}-${randomUUID().slice(0, 6)}@e2e.test`, "guess-123", address)).outcome).toBe("CredentialsSignin");
  }
  expect((await attemptSignIn(user.email, user.password, address)).outcome).toBe("TooManyAttempts");
  expect((await attemptSignIn(user.email, user.password, freshAddress())).outcome).toBe("ok");

  // In the browser, the limited person reads what happened and what to do.
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": address } });
  const page = await context.newPage();
  await page.goto("/signin");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(/too many failed sign-in attempts.*wait 15 minutes/i)).toBeVisible();
  await context.close();
});

test("H5: an unknown email costs about as long as a wrong password, and sign-up answers alike for new and existing addresses", async () => {
  const api = await client();
  const known = uniqueUser("timed");
  await signUp(api, known);
  const wrong: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 9; i++) {
    const a = await attemptSignIn(known.email, `wrong-${i}`, freshAddress());
    const b = await attemptSignIn(`ghost-${randomUUID().slice(0, 8)}@e2e.test`, `wrong-${i}`, freshAddress());
    expect([a.outcome, b.outcome]).toEqual(["CredentialsSignin", "CredentialsSignin"]);
    wrong.push(a.ms);
    unknown.push(b.ms);
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const [mw, mu] = [median(wrong), median(unknown)];
  console.log(`H5 sign-in medians: wrong password ${mw.toFixed(1)} ms, unknown email ${mu.toFixed(1)} ms`);
  expect(Math.max(mw, mu) / Math.min(mw, mu)).toBeLessThan(3);

  // Sign-up: the same status and body whether the address is new or already has an account.
  const existing = await api.post("/api/auth/signup", { data: { email: known.email.toUpperCase(), name: "Impostor", password: "another-password-1" } });
  const fresh = await api.post("/api/auth/signup", { data: uniqueUser("fresh") });
  expect(existing.status()).toBe(fresh.status());
  expect(await existing.text()).toBe(await fresh.text());
  const signUpTimes = { existing: [] as number[], fresh: [] as number[] };
  for (let i = 0; i < 5; i++) {
    let started = performance.now();
    await api.post("/api/auth/signup", { data: { email: known.email, name: "Again", password: `another-password-${i}` } });
    signUpTimes.existing.push(performance.now() - started);
    started = performance.now();
    await api.post("/api/auth/signup", { data: uniqueUser("fresh") });
    signUpTimes.fresh.push(performance.now() - started);
  }
  const [se, sf] = [median(signUpTimes.existing), median(signUpTimes.fresh)];
  console.log(`H5 sign-up medians: existing ${se.toFixed(1)} ms, new ${sf.toFixed(1)} ms`);
  expect(Math.max(se, sf) / Math.min(se, sf)).toBeLessThan(3);
  // The existing account is untouched: its own password still works, its name is unchanged.
  const owner = await client();
  await signIn(owner, known);
  expect((await (await owner.get("/api/auth/session")).json()).user.name).toBe(known.name);
});

// ───────────────────────── sign-out ends the session everywhere ─────────────────────────

test("H5: after signing out, a copied session cookie gets 401 and its open stream closes", async () => {
  const { api, cookie } = await signedInClient();
  const ws = await newWorkspace(api);
  const copy = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { cookie } });
  expect((await copy.get("/api/workspaces")).status()).toBe(200);
  const stream = openStream(`/api/workspaces/${ws.slug}/events`, cookie);
  await stream.opened;

  const { csrfToken } = await (await api.get("/api/auth/csrf")).json();
  const out = await api.post("/api/auth/signout", { form: { csrfToken, json: "true" } });
  expect(out.status()).toBe(200);

  const after = await copy.get("/api/workspaces");
  expect(after.status()).toBe(401);
  expect((await copy.post(`/api/workspaces/${ws.slug}/rooms`, { data: { name: "ghost" } })).status()).toBe(401);
  expect((await (await copy.get("/api/auth/session")).json())?.user).toBeUndefined();
  await expect.poll(() => stream.ended(), { timeout: 20_000, message: "the server ends the stream" }).toBe(true);
  // Pages treat it as signed out too.
  const page = await copy.get("/w", { maxRedirects: 0 });
  expect(page.status()).toBe(307);
  expect(page.headers().location).toContain("/signin");
});

// ───────────────────────── text PostgreSQL refuses ─────────────────────────

test("H5: NUL and unpaired surrogates in a room name, a message, a finding, a path or query are a 400 naming the field, never a 500", async () => {
  const { api } = await signedInClient(DEMO as TestUser);
  const ws = "/api/workspaces/demo";
  const roomId = ((await (await api.get(`${ws}/rooms`)).json()).rooms as { id: string }[])[0]!.id;
  const pullId = ((await (await api.get(`${ws}/pulls`)).json()).pullRequests as { id: string }[])[0]!.id;
  const raw = (text: string) => ({ data: text, headers: { "content-type": "application/json" } });

  const cases: { name: string; send: () => Promise<import("@playwright/test").APIResponse>; field: RegExp }[] = [
    { name: "room name with NUL", send: () => api.post(`${ws}/rooms`, { data: { name: "a\u0000b" } }), field: /"name".*NUL/ },
    { name: "message with NUL", send: () => api.post(`${ws}/rooms/${roomId}/messages`, { data: { content: "hello\u0000world" } }), field: /"content".*NUL/ },
    { name: "message with a lone surrogate", send: () => api.post(`${ws}/rooms/${roomId}/messages`, raw('{"content":"hi \\ud800 there"}')), field: /"content".*surrogate/ },
    {
      name: "finding body with NUL",
      send: () => api.post(`${ws}/pulls/${pullId}/findings`, { data: { kind: "bug", priority: "P2", confidence: 0.8, title: "t", body: "b\u0000" } }),
      field: /"body".*NUL/,
    },
    { name: "field name with NUL", send: () => api.patch(`${ws}/rooms/${roomId}`, raw('{"na\\u0000me":"x"}')), field: /field name.*NUL/ },
    { name: "path parameter with NUL", send: () => api.get(`${ws}/rooms/%00`), field: /"params.roomId".*NUL/ },
    { name: "workspace slug with NUL", send: () => api.get(`/api/workspaces/demo%00`), field: /"params.workspace".*NUL/ },
    { name: "query parameter with NUL", send: () => api.get(`${ws}/pulls/${pullId}/diff?base=%00`), field: /"query.base".*NUL/ },
  ];
  for (const c of cases) {
    const res = await c.send();
    expect(res.status(), `${c.name}: ${await res.text()}`).toBe(400);
    expect((await res.json()).detail, c.name).toMatch(c.field);
  }
  // Pages too.
  expect((await api.get("/w/demo%00")).status()).toBe(400);
  expect((await api.get("/w/demo/rooms/x?tab=%00")).status()).toBe(400);
});

// ───────────────────────── security headers ─────────────────────────

test("H5: pages and API answers carry CSP with frame-ancestors 'none', nosniff and a Referrer-Policy; the page's scripts carry the nonce and run", async ({ page }) => {
  const api = await client();
  for (const path of ["/signin", "/api/health", "/api/workspaces", "/does-not-exist"]) {
    const res = await api.get(path);
    const headers = res.headers();
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("same-origin");
    expect(headers["x-frame-options"], path).toBe("DENY");
  }
  const res = await api.get("/signin");
  const csp = res.headers()["content-security-policy"]!;
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).not.toContain("'unsafe-inline' 'strict-dynamic'");
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'(;|$)/);
  const html = await res.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);
  // A second request gets a different nonce.
  expect((await api.get("/signin")).headers()["content-security-policy"]).not.toBe(csp);

  // In Chromium nothing is blocked and the page hydrates (the form shows errors in place).
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto("/signin");
  await page.getByLabel("Email").fill(`nobody-${randomUUID().slice(0, 6)}@e2e.test`);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(/do not match an account/i)).toBeVisible();
  expect(page.url()).not.toContain("error=");
  expect(violations).toEqual([]);
});

// ───────────────────────── forms that post before hydration ─────────────────────────

test("H5: with JavaScript disabled, sign-up and sign-in post their forms and no password appears in any URL", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const urls: string[] = [];
  page.on("request", (req) => urls.push(req.url()));
  const user = uniqueUser("nojs");

  await page.goto("/signup");
  await page.getByLabel("Name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/signin\?/);
  await expect(page.getByText(/its account is ready/i)).toBeVisible();

  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill("wrong-password-here");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/signin\?.*error=CredentialsSignin/);
  await expect(page.getByText(/do not match an account/i)).toBeVisible();

  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/w$/);

  for (const url of urls) {
    expect(url).not.toContain(encodeURIComponent(user.password));
    expect(url).not.toContain(user.password);
    expect(url).not.toContain("wrong-password-here");
  }
  await context.close();
});
