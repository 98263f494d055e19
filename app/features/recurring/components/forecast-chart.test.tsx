import { readFileSync } from "node:fs";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { toCents } from "~/lib/money";
import { forecastBalances, type ForecastAccount, type ForecastFlow } from "../forecast";
import { forecastLayout } from "../forecast-chart";
import { ForecastChart, type ShownForecast } from "./forecast-chart";

/** The chart as the server sends it: drawn by the loader, the drawing and its words in the HTML, no JavaScript needed. */

const checking: ForecastAccount = { id: "checking", name: "Checking", currency: "USD", balance: toCents(120000) };
const flow = (date: string, amount: number, label: string, kind: ForecastFlow["kind"] = "scheduled"): ForecastFlow => ({ accountId: "checking", date, amount: toCents(amount), label, kind });

function render(accounts: ForecastAccount[], flows: ForecastFlow[], { withAccount = false } = {}) {
  const forecast = forecastBalances({ today: "2026-12-01", accounts, flows, reportingCurrency: "USD" });
  const total: ShownForecast = { key: "total", label: "All accounts", series: forecast.total };
  const account: ShownForecast = { key: "checking", label: "Checking", series: forecast.accounts[0] };
  const shown: [ShownForecast] | [ShownForecast, ShownForecast] = withAccount ? [total, account] : [total];
  const lineOf = (each: ShownForecast) => ({ key: each.key, ...each.series });
  const layout = forecastLayout(withAccount ? [lineOf(total), lineOf(account)] : [lineOf(total)], { currency: "USD" });
  return renderToString(<ForecastChart layout={layout} shown={shown} />);
}

/** The data table's rows as the text of their cells. */
function tableRows(html: string) {
  const table = html.slice(html.indexOf("<table"));
  return [...table.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map(([, row]) => [...row.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map(([, cell]) => cell));
}

describe("the balance forecast in the server HTML", () => {
  const html = render([checking], [flow("2026-12-03", -150000, "Rent"), flow("2026-12-10", 200000, "Salary")]);

  test("an <svg role=img> titled with its days, described by its start, end, lowest point and days below zero", () => {
    expect(html).toMatch(/<svg role="img" aria-labelledby="[^"]+-title [^"]+-desc"/);
    expect(html).toContain(">Balance forecast, Dec 1 to Dec 31</title>");
    expect(html).toContain(
      ">From Dec 1 to Dec 31. All accounts: $1,200.00 today, $1,700.00 on Dec 31; lowest -$300.00 on Dec 3; below zero from Dec 3, back above zero on Dec 10.</desc>",
    );
  });

  test("the data table: each day's balance and flows", () => {
    const rows = tableRows(html);
    expect(rows[0]).toEqual(["Day", "Balance", "Flows that day"]);
    expect(rows).toHaveLength(32);
    expect(rows.slice(1, 4)).toEqual([
      ["Dec 1", "$1,200.00", "None"],
      ["Dec 2", "$1,200.00", "None"],
      ["Dec 3", "-$300.00", "Rent -$1,500.00"],
    ]);
    expect(rows[10]).toEqual(["Dec 10", "$1,700.00", "Salary +$2,000.00"]);
  });

  test("one step line; the lowest point a circle named in text; the first day below zero marked and named", () => {
    expect((html.match(/<path /g) ?? []).length).toBe(1);
    expect(html).toMatch(/<circle cx="[\d.]+" cy="[\d.]+" r="5"[^>]*><title>Lowest -\$300.00, Dec 3<\/title><\/circle>/);
    expect(html).toMatch(/<text [^>]*font-weight="600"[^>]*>Lowest -\$300.00, Dec 3<\/text>/);
    expect(html).toContain("<title>Below zero from Dec 3 (-$300.00 at the end of Dec 3)</title>");
    expect(html).toMatch(/<text [^>]*>Below zero from Dec 3<\/text>/);
  });

  test("under zero: a dashed zero line and a shaded area named in text, not colour alone", () => {
    expect(html).toMatch(/<line [^>]*stroke-dasharray="4 3"/);
    expect(html).toMatch(/<rect [^>]*fill="#fef2f2"/);
    expect(html).toMatch(/<text [^>]*>Below zero<\/text>/);
  });

  test("axes: days every week, amounts SI-shortened", () => {
    expect(html).toContain(">Dec 8</text>");
    expect(html).toContain(">Dec 29</text>");
    expect(html).toContain(">1.5k</text>");
    expect(html).toContain(">−500</text>");
  });
});

describe("other forecasts", () => {
  test("never below zero: said so, no zero line, no area, no marker", () => {
    const html = render([checking], [flow("2026-12-05", -20000, "Phone")]);
    expect(html).toContain("; lowest $1,000.00 on Dec 5; never below zero.</desc>");
    expect(html).not.toContain("Below zero");
    expect(html).not.toContain('stroke-dasharray="4 3"');
    expect(html).not.toContain("<rect");
  });

  test("already below zero today, and still below at the end", () => {
    const html = render([{ ...checking, balance: toCents(-5000) }], []);
    expect(html).toContain("lowest -$50.00 on Dec 1; already below zero today, still below zero on Dec 31.</desc>");
    expect(html).toMatch(/<text [^>]*>Below zero today<\/text>/);
  });

  test("a past-due flow shows the day it was due; a usual one is named an estimate", () => {
    const rows = tableRows(render([checking], [flow("2026-11-28", -20000, "Phone"), flow("2026-12-01", -8000, "Groceries", "usual")]));
    expect(rows[1]).toEqual(["Dec 1", "$920.00", "Phone -$200.00 (due Nov 28, 2026); Groceries -$80.00 (usual)"]);
  });

  test("the total and one account: a legend, two lines (one dashed), a balance column each, marks named by their line", () => {
    const savings: ForecastAccount = { id: "savings", name: "Savings", currency: "USD", balance: toCents(400000) };
    const html = render([checking, savings], [flow("2026-12-03", -150000, "Rent")], { withAccount: true });
    expect(html).toMatch(/<ul aria-label="Legend"[^>]*>.*All accounts.*Checking.*<\/ul>/);
    expect((html.match(/<path /g) ?? []).length).toBe(2);
    expect(html).toMatch(/<path [^>]*stroke-dasharray="8 4"/);
    expect(tableRows(html)[0]).toEqual(["Day", "All accounts balance", "Checking balance", "Flows that day"]);
    expect(tableRows(html)[3]).toEqual(["Dec 3", "$3,700.00", "-$300.00", "Rent -$1,500.00"]);
    expect(html).toContain("<title>All accounts: Lowest $3,700.00, Dec 3</title>");
    expect(html).toContain("<title>Checking: Lowest -$300.00, Dec 3</title>");
    expect(html).toMatch(/<text [^>]*>Checking: Below zero from Dec 3<\/text>/);
    expect(html).toContain("All accounts: $5,200.00 today, $3,700.00 on Dec 31; lowest $3,700.00 on Dec 3; never below zero. Checking: $1,200.00 today");
  });
});

test("the component takes only types from the geometry and the forecast, so d3 and date-fns stay on the server", () => {
  const source = readFileSync(new URL("./forecast-chart.tsx", import.meta.url), "utf8");
  const imports = source.match(/^import .*$/gm) ?? [];
  expect(imports.filter((line) => line.includes('"../forecast'))).toEqual([
    'import type { ForecastDay, ForecastSeries } from "../forecast";',
    'import type { ForecastLayout } from "../forecast-chart";',
  ]);
  expect(imports.some((line) => /d3-|date-fns/.test(line))).toBe(false);
});
