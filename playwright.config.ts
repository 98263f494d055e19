import { defineConfig, devices } from "@playwright/test";
import { E2E_PORT } from "./tests/e2e-constants.mjs";

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};

// CI machines run the suite up to three times slower than a quiet one (a run of 2026-11-26: 58 minutes against 16): waits there are longer, what is waited for the same.
const slowMachine = Boolean(process.env.CI);

export default defineConfig({
  testDir: "./tests/e2e",
  timeout: slowMachine ? 90_000 : 30_000,
  expect: { timeout: slowMachine ? 20_000 : 7_000 },
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "javascript-disabled", use: { ...chromium, javaScriptEnabled: false }, grepInvert: /@js-only/ },
    { name: "javascript-enabled", use: { ...chromium, javaScriptEnabled: true } },
    // Kills the app's database and measures the app's memory: runs alone (one test at a time), after every other browser test.
    { name: "hardening", testDir: "./tests/hardening", testMatch: "*.spec.ts", use: chromium, dependencies: ["javascript-disabled", "javascript-enabled"], workers: 1 },
  ],
  webServer: {
    command: "node tests/e2e-server.mjs",
    url: `http://localhost:${E2E_PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
