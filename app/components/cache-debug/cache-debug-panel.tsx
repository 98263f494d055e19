import { useEffect, useId, useState } from "react";
import { useDialogFocus } from "~/components/ui/use-dialog-focus";
import { CACHE_DEBUG_RELOAD_DELAY_MS, cacheBustingUrl } from "./shortcut";

/** What the browser holds for this origin; `databases` is null where the browser cannot list them. */
type BrowserStorage = { cacheNames: string[]; databases: string[] | null; serviceWorkers: ServiceWorkerRegistration[] };

// Cache Storage and service workers exist only in secure contexts (https, localhost).
async function readBrowserStorage(): Promise<BrowserStorage> {
  const [cacheNames, databases, serviceWorkers] = await Promise.all([
    "caches" in window ? caches.keys() : [],
    "databases" in indexedDB ? indexedDB.databases().then((list) => list.flatMap(({ name }) => (name ? [name] : []))) : null,
    "serviceWorker" in navigator ? navigator.serviceWorker.getRegistrations().then((list) => [...list]) : [],
  ]);
  return { cacheNames, databases, serviceWorkers };
}

function deleteDatabase(name: string) {
  return new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
    // Another connection holds it open: the deletion completes once the reload closes that connection.
    request.onblocked = () => resolve();
  });
}

/** Deletes everything `readBrowserStorage` finds; false if anything could not be removed. */
async function clearBrowserStorage() {
  const { cacheNames, databases, serviceWorkers } = await readBrowserStorage();
  const results = await Promise.allSettled([
    ...cacheNames.map((name) => caches.delete(name)),
    ...(databases ?? []).map(deleteDatabase),
    ...serviceWorkers.map((registration) => registration.unregister()),
  ]);
  return results.every((result) => result.status === "fulfilled");
}

function NameList({ title, names, emptyText }: { title: string; names: string[] | null; emptyText: string }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {names && names.length > 0 ? (
        <ul className="mt-1 list-inside list-disc text-sm text-slate-600">
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-500">{names ? emptyText : "This browser cannot list them."}</p>
      )}
    </div>
  );
}

type Status = "idle" | "clearing" | "cleared" | "partly-cleared";

const STATUS_TEXT: Record<Exclude<Status, "idle">, string> = {
  clearing: "Clearing…",
  cleared: "Cleared. Reloading…",
  "partly-cleared": "Some items could not be cleared. Reloading…",
};

/** Lists Cache Storage, IndexedDB and service workers, and clears them all before reloading with a cache-busting URL. */
export function CacheDebugPanel({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const [storage, setStorage] = useState<BrowserStorage | null>(null);
  const [status, setStatus] = useState<Status>("idle");
  const closeButton = useDialogFocus<HTMLButtonElement>();

  useEffect(() => {
    let current = true;
    readBrowserStorage().then((found) => {
      if (current) setStorage(found);
    });
    return () => {
      current = false;
    };
  }, []);

  const clearAndReload = async () => {
    setStatus("clearing");
    setStatus((await clearBrowserStorage()) ? "cleared" : "partly-cleared");
    setTimeout(() => window.location.replace(cacheBustingUrl(window.location.href, Date.now())), CACHE_DEBUG_RELOAD_DELAY_MS);
  };

  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-slate-900/50 p-4">
      <section role="dialog" aria-modal="true" aria-labelledby={titleId} className="w-full max-w-md space-y-4 rounded-2xl bg-white p-6 shadow-xl">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Cache Debug
        </h2>
        {storage ? (
          <>
            <NameList title="Cache Storage" names={storage.cacheNames} emptyText="No caches." />
            <NameList title="IndexedDB" names={storage.databases} emptyText="No databases." />
            <p className="text-sm text-slate-600">
              Service workers: <span className="font-semibold">{storage.serviceWorkers.length} registered</span>
            </p>
          </>
        ) : (
          <p className="text-sm text-slate-500">Looking for caches…</p>
        )}
        <p role="status" className="text-sm font-medium text-slate-900">
          {status === "idle" ? null : STATUS_TEXT[status]}
        </p>
        <div className="flex justify-end gap-3">
          <button ref={closeButton} type="button" onClick={onClose} className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50">
            Close
          </button>
          <button
            type="button"
            onClick={clearAndReload}
            disabled={status !== "idle"}
            className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-70"
          >
            Clear Caches and Reload
          </button>
        </div>
      </section>
    </div>
  );
}
