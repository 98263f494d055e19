// What the benchmarks share: timing statistics, timed page loads and writing a section of docs/benchmarks.md.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";

export type Stats = { p50: number; p95: number; mean: number; count: number };

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p95: at(0.95), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length, count: sorted.length };
}

export async function timeIt(runs: number, fn: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return stats(samples);
}

/**
 * `total` GET requests of `url`, `concurrency` at a time, each timed from send to last byte; fewer (at
 * least 10) once they have taken `budgetMs` in all. Any answer but 200 throws.
 */
export async function loadPage(url: string, cookie: string, total: number, { concurrency = 1, budgetMs = 60_000 } = {}) {
  const samples: number[] = [];
  const started = performance.now();
  let sent = 0;
  const worker = async () => {
    while (sent < total && (sent < 10 || performance.now() - started < budgetMs)) {
      sent += 1;
      const start = performance.now();
      const response = await fetch(url, { headers: { Cookie: cookie } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      samples.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return stats(samples);
}

/** Replaces the section `heading` ("## Load") of docs/benchmarks.md with `report`, or adds it before "## Reading the numbers". */
export function recordSection(heading: string, report: string) {
  const file = path.join(import.meta.dirname, "..", "docs", "benchmarks.md");
  const existing = readFileSync(file, "utf8");
  const start = existing.indexOf(`\n${heading}\n`);
  const end = start === -1 ? -1 : existing.indexOf("\n## ", start + 1);
  const updated =
    start === -1 ? existing.replace(/\n## Reading the numbers/, `\n${report}\n## Reading the numbers`) : `${existing.slice(0, start)}\n${report}${end === -1 ? "" : existing.slice(end)}`;
  writeFileSync(file, updated);
}

/** CPU seconds (user + system) used so far by `pid` and its descendants that are alive. */
export function treeCpuSeconds(pid: number) {
  const ticksPerSecond = 100;
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const parent = Number(fields[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended while /proc was read.
    }
  }
  let total = 0;
  const visit = (id: number) => {
    total += ticks.get(id) ?? 0;
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(pid);
  return total / ticksPerSecond;
}
