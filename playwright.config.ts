import { defineConfig } from "@playwright/test";

const port = process.env.E2E_PORT ?? "3210";
/**
 * The embedded default (PGlite, no DATABASE_URL) serves on a port of its own, 10000 above
 * (parallel runs on one machine use neighbouring ports): the demo's main loop is walked there.
 */
const embeddedPort = process.env.E2E_EMBEDDED_PORT ?? String(Number(port) + 10000);
/** Specs that run against the embedded default instead of PostgreSQL. */
const EMBEDDED_SPECS = /demo-loop\.spec\.ts$/;

// Debian's Chromium (npx playwright install cannot download browsers here).
export default defineConfig({
  testDir: "e2e",
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "postgres", testIgnore: EMBEDDED_SPECS },
    { name: "embedded", testMatch: EMBEDDED_SPECS, use: { baseURL: `http://127.0.0.1:${embeddedPort}` } },
  ],
  webServer: [
    {
      command: "node scripts/e2e-server.mjs",
      url: `http://127.0.0.1:${port}/api/health`,
      env: { E2E_SERVER_PORT: port },
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command: "node scripts/e2e-server.mjs",
      url: `http://127.0.0.1:${embeddedPort}/api/health`,
      env: { E2E_SERVER_PORT: embeddedPort, E2E_DB: "pglite" },
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
