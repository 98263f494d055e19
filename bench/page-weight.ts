// The JavaScript each page ships, gzipped: the entry, then root, layouts and the route's own module with the
// chunks each imports (what the browser loads for a first visit), read from the client build's manifest; and
// what the page may load later through dynamic imports (a form's validation on first use, the cache debug panel).
// Run: npx remix build && npx tsx bench/page-weight.ts [--record | --check]
// --check exits non-zero naming each page over the limit (npm test runs it after its build).
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

const readBuildFile = (url: string) => readFileSync(path.join(buildDir, url.replace(/^\/build\//, "")));

const gzipped = new Map<string, number>();
function gzippedSize(url: string) {
  if (!gzipped.has(url)) gzipped.set(url, gzipSync(readBuildFile(url)).length);
  return gzipped.get(url)!;
}

// esbuild's minified output: `import{a as b}from"/build/…"`, `import"/build/…"` and `import("/build/…")`.
const STATIC_IMPORT = /(?:from|import)"(\/build\/[^"]+\.js)"/g;
const DYNAMIC_IMPORT = /import\("(\/build\/[^"]+\.js)"\)/g;
const importsOf = (url: string, pattern: RegExp) => [...readBuildFile(url).toString("utf8").matchAll(pattern)].map((match) => match[1]);

/** The files `loaded` may import later, with everything those import that is not loaded already. */
function onDemand(loaded: Set<string>) {
  const later = new Set<string>();
  const queue = [...loaded].flatMap((url) => importsOf(url, DYNAMIC_IMPORT));
  for (let url = queue.pop(); url; url = queue.pop()) {
    if (loaded.has(url) || later.has(url)) continue;
    later.add(url);
    queue.push(...importsOf(url, STATIC_IMPORT), ...importsOf(url, DYNAMIC_IMPORT));
  }
  return later;
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
    const total = (urls: Iterable<string>) => [...urls].reduce((sum, url) => sum + gzippedSize(url), 0);
    return { page: urlPath(manifest, route) || "/", id: route.id, bytes: total(files), laterBytes: total(onDemand(files)) };
  })
  .sort((a, b) => b.bytes - a.bytes);

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const over = pages.filter((page) => page.bytes > LIMIT_BYTES);
const report = [
  "## Page weight",
  "",
  `Run with \`npm run bench:weight\` on ${format(new Date(), "yyyy-MM-dd")}: the gzipped JavaScript a first visit of each page loads (entry, root, layouts, the route's module and the chunks they import), from the client build's manifest. Limit: ${kb(LIMIT_BYTES)} KB per page; ${over.length} of ${pages.length} pages are over it.`,
  "",
  "| page | route | KB gzipped | KB on demand |",
  "| --- | --- | ---: | ---: |",
  ...pages.map(
    (page) =>
      `| ${page.page} | ${page.id.replace(/^routes\//, "")} | ${kb(page.bytes)}${page.bytes > LIMIT_BYTES ? " (over)" : ""} | ${page.laterBytes ? kb(page.laterBytes) : ""} |`,
  ),
  "",
  "On demand: what the page loads later, and only if it is used. A form loads its validation (conform's zod parser and the form's schema) when it is first focused or typed in; until then the server validates and its messages come back beside the fields (decision 163). Pages of the signed-in area load the cache debug panel when Ctrl+Shift+D opens it.",
  "",
  "What keeps pages under the limit: routes parse their forms through `*-form.server.ts` modules, so a route's action no longer pulls zod and conform into the page (esbuild gives a page every chunk its route module imports, used or not); the analytics charts are drawn by the loader, so d3 stays on the server; `app/lib`'s month and UTC-time helpers name months with Intl instead of date-fns' `format`/`parse` and d3-time-format. React and Remix are about 85 KB of every page.",
  "",
].join("\n");

if (process.argv.includes("--check")) {
  for (const page of over) console.error(`${page.page} (${page.id}) loads ${kb(page.bytes)} KB of gzipped JavaScript, over the ${kb(LIMIT_BYTES)} KB limit`);
  if (over.length > 0) process.exit(1);
  console.log(`Page weight: every page loads at most ${kb(LIMIT_BYTES)} KB of gzipped JavaScript (largest: ${pages[0].page}, ${kb(pages[0].bytes)} KB).`);
} else {
  console.log(report);
  if (process.argv.includes("--record")) recordSection("## Page weight", report);
}
