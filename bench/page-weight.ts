// The JavaScript each page ships, gzipped: the entry, then root, layouts and the route's own module with the
// chunks each imports (what the browser loads for a first visit), read from the client build's manifest.
// Run: npx remix build && npx tsx bench/page-weight.ts [--record]
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { format } from "date-fns";
import { recordSection } from "./timing";

/** The limit per page (issue 17): 120 KB of gzipped JavaScript. */
const LIMIT_BYTES = 120 * 1024;
const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.join(root, "public", "build");

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports?: string[] }; routes: Record<string, ManifestRoute> };

function readManifest(): Manifest {
  const file = readdirSync(buildDir).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("no client build: run `npx remix build` first");
  const text = readFileSync(path.join(buildDir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

const gzipped = new Map<string, number>();
function gzippedSize(url: string) {
  if (!gzipped.has(url)) gzipped.set(url, gzipSync(readFileSync(path.join(buildDir, url.replace(/^\/build\//, "")))).length);
  return gzipped.get(url)!;
}

function urlPath(manifest: Manifest, route: ManifestRoute): string {
  const parent = route.parentId ? manifest.routes[route.parentId] : undefined;
  const own = route.path ?? "";
  const base = parent ? urlPath(manifest, parent) : "";
  return `${base.replace(/\/$/, "")}/${own}`.replace(/\/+/g, "/");
}

const manifest = readManifest();
const parents = new Set(Object.values(manifest.routes).flatMap((route) => (route.parentId ? [route.parentId] : [])));
const pages = Object.values(manifest.routes)
  .filter((route) => !parents.has(route.id) && !/^routes\/(resources|webhooks)\./.test(route.id) && route.id !== "routes/healthz")
  .map((route) => {
    const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    for (let current: ManifestRoute | undefined = route; current; current = current.parentId ? manifest.routes[current.parentId] : undefined) {
      files.add(current.module);
      for (const chunk of current.imports ?? []) files.add(chunk);
    }
    const bytes = [...files].reduce((sum, file) => sum + gzippedSize(file), 0);
    return { page: urlPath(manifest, route) || "/", id: route.id, bytes };
  })
  .sort((a, b) => b.bytes - a.bytes);

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const over = pages.filter((page) => page.bytes > LIMIT_BYTES);
const report = [
  "## Page weight",
  "",
  `Run with \`npm run bench:weight\` on ${format(new Date(), "yyyy-MM-dd")}: the gzipped JavaScript a first visit of each page loads (entry, root, layouts, the route's module and the chunks they import), from the client build's manifest. Limit: ${kb(LIMIT_BYTES)} KB per page; ${over.length} of ${pages.length} pages are over it.`,
  "",
  "| page | route | KB gzipped |",
  "| --- | --- | ---: |",
  ...pages.map((page) => `| ${page.page} | ${page.id.replace(/^routes\//, "")} | ${kb(page.bytes)}${page.bytes > LIMIT_BYTES ? " (over)" : ""} |`),
  "",
].join("\n");
console.log(report);
if (process.argv.includes("--record")) recordSection("## Page weight", report);
