import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEcbStandIn } from "./ecb.mjs";

let standIn: Awaited<ReturnType<typeof startEcbStandIn>>;

const fixture = (name: string) => readFile(new URL(`../../tests/fixtures/ecb/${name}`, import.meta.url), "utf8");

async function control(body: Record<string, unknown>) {
  const response = await fetch(`${standIn.url}/__control`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
}

async function requested() {
  return (await (await fetch(`${standIn.url}/__requests`)).json()) as string[];
}

beforeAll(async () => {
  standIn = await startEcbStandIn({ port: 0 });
});
afterAll(() => standIn.stop());
beforeEach(async () => {
  await fetch(`${standIn.url}/__control/reset`, { method: "POST" });
});

describe("ECB stand-in", () => {
  it("serves the daily file from the daily fixture, and both histories from the 90-day fixture, as XML", async () => {
    const daily = await fetch(`${standIn.url}/stats/eurofxref/eurofxref-daily.xml`);
    expect(daily.status).toBe(200);
    expect(daily.headers.get("content-type")).toBe("text/xml");
    expect(await daily.text()).toBe(await fixture("eurofxref-daily.xml"));
    for (const path of ["/stats/eurofxref/eurofxref-hist-90d.xml", "/stats/eurofxref/eurofxref-hist.xml"]) {
      expect(await (await fetch(`${standIn.url}${path}`)).text()).toBe(await fixture("eurofxref-hist-90d.xml"));
    }
    expect(await requested()).toEqual(["/stats/eurofxref/eurofxref-daily.xml", "/stats/eurofxref/eurofxref-hist-90d.xml", "/stats/eurofxref/eurofxref-hist.xml"]);
  });

  it("the daily fixture is the 90-day file's newest day", async () => {
    const daily = await fixture("eurofxref-daily.xml");
    const newestDay = /<Cube time="2017-03-03">.*?<\/Cube>/.exec(await fixture("eurofxref-hist-90d.xml"))![0];
    expect(daily).toContain(newestDay);
    expect(daily.match(/<Cube time=/g)).toHaveLength(1);
  });

  it("answers 404 for other paths", async () => {
    expect((await fetch(`${standIn.url}/stats/eurofxref/eurofxref.zip`)).status).toBe(404);
  });

  it("answers 500 to the next requests it was told to, then serves again", async () => {
    await control({ mode: "500", times: 2 });
    const statuses = [];
    for (let index = 0; index < 3; index += 1) statuses.push((await fetch(`${standIn.url}/stats/eurofxref/eurofxref-daily.xml`)).status);
    expect(statuses).toEqual([500, 500, 200]);
  });

  it("hangs a request it was told to until the client gives up", async () => {
    await control({ mode: "hang" });
    const hung = await fetch(`${standIn.url}/stats/eurofxref/eurofxref-daily.xml`, { signal: AbortSignal.timeout(200) }).catch((error: unknown) => error);
    expect((hung as Error).name).toBe("TimeoutError");
    expect((await fetch(`${standIn.url}/stats/eurofxref/eurofxref-daily.xml`)).status).toBe(200);
  });

  it("reset forgets what it was told and what it was asked", async () => {
    await control({ mode: "500", times: 5 });
    await fetch(`${standIn.url}/stats/eurofxref/eurofxref-daily.xml`);
    await fetch(`${standIn.url}/__control/reset`, { method: "POST" });
    expect(await requested()).toEqual([]);
    expect((await fetch(`${standIn.url}/stats/eurofxref/eurofxref-daily.xml`)).status).toBe(200);
  });

  it("refuses an unknown mode", async () => {
    const response = await fetch(`${standIn.url}/__control`, { method: "POST", body: JSON.stringify({ mode: "sometimes" }) });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Unknown mode");
  });

  it("stops while a request hangs", async () => {
    const other = await startEcbStandIn({ port: 0 });
    await fetch(`${other.url}/__control`, { method: "POST", body: JSON.stringify({ mode: "hang" }) });
    const hung = fetch(`${other.url}/stats/eurofxref/eurofxref-daily.xml`).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await other.stop();
    expect(await hung).toBeInstanceOf(TypeError);
  });

  it("rejects with a one-line message when the port is taken", async () => {
    const failure = await startEcbStandIn({ port: standIn.port }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    const { message } = failure as Error;
    expect(message).toMatch(new RegExp(`ECB stand-in: port ${standIn.port} .*already in use`));
    expect(message).not.toContain("\n");
  });
});
