import type { ChildProcess } from "node:child_process";
import http from "node:http";
import type { APIRequestContext } from "@playwright/test";
import { Types } from "mongoose";
import type * as Models from "../../models";
import { expect, test, type TestUser } from "../e2e/fixtures";
import { E2E_SESSION_SECRET, E2E_TOKEN_ENCRYPTION_KEYS } from "../e2e-constants.mjs";
import { memoryOf, postLargeBody, resetPeakMemory, startApp, stopApp, type BodyAnswer } from "../../bench/app-server";
import { findFreePort } from "../../scripts/embedded-db.mjs";
import { BODY_MESSAGES } from "~/utils/form-body.server";
import { CROSS_SITE_MESSAGE } from "~/utils/security.server";
import { hasAction, hasPage, routes, SIGNED_WEBHOOKS, withParams } from "./route-table";

/**
 * What the served app (scripts/web-server.mjs in front of the build) does with requests a browser would never send
 * from our pages: posts from another site, proxy headers nobody vouches for, bodies too large to read, bodies
 * refused on a kept-alive connection. Besides the suite's server (behind a stand-in proxy, TRUST_PROXY=1), some
 * tests start servers of their own on the same database: without a proxy, without APP_URL, or alone, so that its
 * memory is its own.
 */
const FORGED_ORIGIN = "https://evil.example";
const ANY_ID = "64b7f0c2a1b2c3d4e5f60718";

type Servers = { url: string; server: ChildProcess };

/** A server of this test's own on the suite's database: `env` says how it stands (TRUST_PROXY, APP_URL). */
async function ownServer(app: { state: { mongodbUri: string; outboxDir: string } }, env: Record<string, string | undefined>): Promise<Servers> {
  const port = await findFreePort();
  const server = await startApp(app.state.mongodbUri, port, {
    SESSION_SECRET: E2E_SESSION_SECRET,
    TOKEN_ENCRYPTION_KEYS: E2E_TOKEN_ENCRYPTION_KEYS,
    SECURE_COOKIES: "false",
    MAIL_OUTBOX_DIR: app.state.outboxDir,
    NODE_OPTIONS: undefined,
    ...env,
  });
  return { url: `http://localhost:${port}`, server };
}

/** What a user owns, counted per collection, and the user as stored: a refused request leaves all of it as it was. */
async function ownedBy(app: { models: typeof Models }, user: TestUser) {
  const counts: Record<string, number> = {};
  for (const model of app.models.allModels) {
    if (model.schema.path("userId")) counts[model.modelName] = await model.collection.countDocuments({ userId: { $in: [new Types.ObjectId(user.id), user.id] } });
  }
  return { counts, user: await app.models.User.findById(user.id).lean() };
}

test.describe("posts from another site", () => {
  const pages = routes.filter((route) => hasAction(route) && !SIGNED_WEBHOOKS.includes(route.file));

  test("every action answers 403 with its page (a resource route with the message alone) and says why; nothing is written", async ({ page, login, app }) => {
    test.setTimeout(90_000);
    const user = await login();
    await app.models.User.updateOne({ _id: user.id }, { $set: { premiumAccess: true } });
    const before = await ownedBy(app, user);
    for (const route of pages) {
      const { url } = withParams(route, [ANY_ID]);
      // A post to a folder's index route names it (`?index`); without it the post goes to the layout.
      const response = await page.request.post(route.file.endsWith("._index.tsx") ? `${url}?index` : url, {
        headers: { Origin: FORGED_ORIGIN },
        form: { intent: "delete", amount: "12.50", description: "Forged" },
        maxRedirects: 0,
      });
      expect(response.status(), route.file).toBe(403);
      expect(response.headers()["content-type"], route.file).toContain(hasPage(route) ? "text/html" : "text/plain");
      expect(await response.text(), route.file).toContain(CROSS_SITE_MESSAGE);
    }
    expect(await ownedBy(app, user)).toEqual(before);
  });

  test("an opaque or unreadable Origin, or a data request of the page, is refused the same way", async ({ page, login, app }) => {
    const user = await login();
    const before = await ownedBy(app, user);
    const form = { type: "expense", amount: "9.99", category: "food", date: "2026-03-05", description: "Forged" };
    for (const origin of ["null", "not a url"]) {
      const response = await page.request.post("/transactions/new", { headers: { Origin: origin }, form, maxRedirects: 0 });
      expect(response.status(), origin).toBe(403);
      expect(await response.text(), origin).toContain(CROSS_SITE_MESSAGE);
    }
    const data = await page.request.post("/transactions/new.data", { headers: { Origin: FORGED_ORIGIN }, form, maxRedirects: 0 });
    expect(data.status()).toBe(403);
    expect(await ownedBy(app, user)).toEqual(before);
  });

  test("a form on another site that posts to Ledgerly shows the refusal in the browser, and signs nobody in", async ({ page, createUser, app }) => {
    const user = await createUser();
    const sessions = await app.models.Session.countDocuments({ userId: user.id });
    await page.route("http://evil.example/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<form method="post" action="${app.state.appUrl}/login"><input name="email" value="${user.email}"><input name="password" value="${user.password}"><button>Win a prize</button></form>`,
      }),
    );
    await page.goto("http://evil.example/prize");
    const [answer] = await Promise.all([page.waitForResponse(`${app.state.appUrl}/login`), page.getByRole("button", { name: "Win a prize" }).click()]);
    expect(answer.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "This request could not be accepted" })).toBeVisible();
    await expect(page.getByText(CROSS_SITE_MESSAGE)).toBeVisible();
    expect(await app.models.Session.countDocuments({ userId: user.id })).toBe(sessions);
  });
});

test.describe("proxy headers", () => {
  let direct: Servers;
  let proxied: Servers;
  test.beforeAll(async ({ workerApp }) => {
    test.setTimeout(60_000);
    // Neither has APP_URL, so addresses follow each request (and no canonical-host redirect hides them).
    [direct, proxied] = await Promise.all([ownServer(workerApp, { TRUST_PROXY: "0", APP_URL: undefined }), ownServer(workerApp, { TRUST_PROXY: "1", APP_URL: undefined })]);
  });
  test.afterAll(async () => {
    await Promise.all([direct, proxied].filter(Boolean).map(({ server }) => stopApp(server)));
  });

  /** The "Current address" /auth-debug shows: the origin the app resolved for the request. */
  async function currentAddress(request: APIRequestContext, url: string, headers: Record<string, string>) {
    const html = await (await request.get(`${url}/auth-debug`, { headers })).text();
    return /Current address<\/[^>]+>(?:<[^>]+>)*\s*([^<\s]+)/.exec(html)?.[1];
  }

  test("without TRUST_PROXY, X-Forwarded-Host and -Proto change nothing: not the address, not the origin check", async ({ request }) => {
    const forged = { "X-Forwarded-Host": "evil.example:8443", "X-Forwarded-Proto": "https" };
    expect(await currentAddress(request, direct.url, forged)).toBe(direct.url);
    const post = await request.post(`${direct.url}/contact`, { headers: { Origin: "https://evil.example:8443", ...forged }, form: { message: "Forged" }, maxRedirects: 0 });
    expect(post.status()).toBe(403);
    expect(await post.text()).toContain(CROSS_SITE_MESSAGE);
  });

  test("behind one trusted proxy, the host and scheme it forwarded are the request's; what a client put before them is not", async ({ request }) => {
    const proxy = { "X-Forwarded-Host": "ledgerly.example", "X-Forwarded-Proto": "https" };
    expect(await currentAddress(request, proxied.url, proxy)).toBe("https://ledgerly.example");
    // An incomplete contact form: accepted as same-origin, so its fields are checked (400) and nothing is sent.
    const sameSite = await request.post(`${proxied.url}/contact`, { headers: { Origin: "https://ledgerly.example", ...proxy }, form: { message: "Hello" } });
    expect(sameSite.status()).toBe(400);
    const smuggled = await request.post(`${proxied.url}/contact`, {
      headers: { Origin: "https://evil.example", "X-Forwarded-Host": "evil.example, ledgerly.example", "X-Forwarded-Proto": "https" },
      form: { message: "Hello" },
    });
    expect(smuggled.status()).toBe(403);
    expect(await smuggled.text()).toContain(CROSS_SITE_MESSAGE);
  });
});

/** Sends `body` on `agent`'s connection and resolves with the answer and whether the connection was an old one. */
function send(agent: http.Agent, url: string, { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; connection: string | undefined; reused: boolean } | { error: string }>((resolve) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, reused: request.reusedSocket }));
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    request.end(body);
  });
}

test.describe("a refused body on a kept-alive connection", () => {
  test("the refusal closes the connection, and the next request on a fresh one succeeds", async ({ app }) => {
    const origin = app.state.appUrl;
    const form = { "Content-Type": "application/x-www-form-urlencoded", Origin: origin };
    const cases = [
      { name: "JSON sent to a form (415)", path: "/login", headers: { "Content-Type": "application/json", Origin: origin }, body: '{"email":"a@b.c"}', status: 415 },
      { name: "a form past its 100 KB (413)", path: "/login", headers: form, body: `email=${"x".repeat(300_000)}`, status: 413 },
      { name: "a form answered without reading it (sign in first)", path: "/transactions/new", headers: form, body: `description=${"x".repeat(1_000_000)}`, status: 302 },
    ];
    for (const { name, path, headers, body, status } of cases) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      expect(await send(agent, `${origin}${path}`, { method: "POST", headers, body }), name).toEqual({ status, connection: "close", reused: false });
      expect(await send(agent, `${origin}/healthz`, {}), name).toEqual({ status: 200, connection: "keep-alive", reused: false });
      agent.destroy();
    }
  });

  test("a body read whole keeps the connection, which serves the next request", async ({ app }) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const origin = app.state.appUrl;
    const broken = await send(agent, `${origin}/login`, { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=zz", Origin: origin }, body: "--zz\r\nbroken" });
    expect(broken).toEqual({ status: 400, connection: "keep-alive", reused: false });
    expect(await send(agent, `${origin}/healthz`, {})).toEqual({ status: 200, connection: "keep-alive", reused: true });
    agent.destroy();
  });
});

test.describe("50 MB bodies", () => {
  let alone: Servers;
  test.beforeAll(async ({ workerApp }) => {
    alone = await ownServer(workerApp, {});
  });
  test.afterAll(async () => {
    if (alone) await stopApp(alone.server);
  });

  test("each webhook and a form answer 413 without reading them; the app's memory stays flat", async () => {
    test.setTimeout(90_000);
    const targets = [
      { path: "/webhooks/stripe", type: "application/json", message: BODY_MESSAGES.jsonTooLarge },
      { path: "/webhooks/plaid", type: "application/json", message: BODY_MESSAGES.jsonTooLarge },
      { path: "/contact", type: "application/x-www-form-urlencoded", message: BODY_MESSAGES.tooLarge },
    ];
    const before = memoryOf(alone.server);
    resetPeakMemory(alone.server);
    const answers: Array<BodyAnswer & { label: string; message: string }> = [];
    for (const { path, type, message } of targets) {
      for (const chunked of [false, true]) {
        const headers = { "Content-Type": type, Origin: alone.url };
        answers.push({ label: `${path} ${chunked ? "chunked" : "with its length"}`, message, ...(await postLargeBody(`${alone.url}${path}`, { megabytes: 50, chunked, headers })) });
      }
    }
    for (const answer of answers) {
      expect(answer, answer.label).toMatchObject({ status: 413, connection: "close" });
      // Refused by its length before the app (the fence in web-server.mjs), or by the route's reader once past its limit.
      if ("text" in answer) expect([answer.message, "The request body is too large."].some((text) => answer.text.includes(text)), answer.label).toBe(true);
    }
    const grewMb = memoryOf(alone.server).peakMb - before.rssMb;
    expect(grewMb, `peak resident memory grew by ${grewMb.toFixed(1)} MB`).toBeLessThan(100);
    expect((await fetch(`${alone.url}/healthz`)).status).toBe(200);
  });
});
