import { useDialogFocus } from "~/components/ui/use-dialog-focus";
import { useLocation, useNavigate, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";

const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
const KEEPALIVE_PATH = "/resources/session-keepalive";
const WARNING_BEFORE_MS = 2 * 60 * 1000;
const CHECK_INTERVAL_MS = 60 * 1000;
const COUNTDOWN_SECONDS = 120;
/** Activity keeps the server session alive, at most one request per interval. */
const KEEPALIVE_INTERVAL_MS = 5 * 60 * 1000;
const STORAGE_KEY = "ledgerly:lastActivity";
const ACTIVITY_EVENTS = ["keydown", "click", "scroll", "touchstart"] as const;

function readLastActivity() {
  const stored = Number(sessionStorage.getItem(STORAGE_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : Date.now();
}

/**
 * Warns at 28 idle minutes with a 120 s countdown and signs out at 0. The
 * server ends idle sessions on its own; this dialog only gives notice.
 */
export function SessionExpiryDialog() {
  const [logoutAt, setLogoutAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const navigate = useNavigate();
  const submit = useSubmit();
  const location = useLocation();
  const lastPing = useRef(Date.now());
  const loggingOut = useRef(false);

  const logout = useCallback(() => {
    if (loggingOut.current) return;
    loggingOut.current = true;
    sessionStorage.removeItem(STORAGE_KEY);
    submit(null, { method: "post", action: "/logout" });
  }, [submit]);

  const markActive = useCallback(
    (pingServer: boolean) => {
      if (loggingOut.current) return;
      const time = Date.now();
      sessionStorage.setItem(STORAGE_KEY, String(time));
      setLogoutAt(null);
      if (pingServer || time - lastPing.current >= KEEPALIVE_INTERVAL_MS) {
        lastPing.current = time;
        // A plain request, not a fetcher: a fetcher's action makes Remix reload every loader of the page, on each ping.
        void fetch(KEEPALIVE_PATH, { method: "POST", credentials: "same-origin" }).then((response) => {
          if (response.redirected && new URL(response.url).pathname === "/login") navigate("/login");
        });
      }
    },
    [navigate],
  );

  useEffect(() => {
    sessionStorage.setItem(STORAGE_KEY, String(Date.now()));
    lastPing.current = Date.now();
  }, [location.key]);

  useEffect(() => {
    const onActivity = () => {
      if (logoutAt === null) markActive(false);
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
    };
  }, [markActive, logoutAt]);

  useEffect(() => {
    const check = () => {
      const time = Date.now();
      const idle = time - readLastActivity();
      if (idle >= IDLE_TIMEOUT_MS) logout();
      else if (idle >= IDLE_TIMEOUT_MS - WARNING_BEFORE_MS) {
        setNow(time);
        setLogoutAt((current) => current ?? time + COUNTDOWN_SECONDS * 1000);
      }
    };
    const timer = setInterval(check, CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [logout]);

  // The countdown is measured against a deadline, so throttled timers in a background tab cannot stretch it.
  const secondsLeft = logoutAt === null ? null : Math.max(0, Math.ceil((logoutAt - now) / 1000));
  useEffect(() => {
    if (secondsLeft === null) return;
    if (secondsLeft <= 0) {
      logout();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft, now, logout]);

  if (secondsLeft === null) return null;
  const minutes = Math.floor(secondsLeft / 60);
  const seconds = String(secondsLeft % 60).padStart(2, "0");
  return <ExpiringDialog countdown={`${minutes}:${seconds}`} onLogout={logout} onContinue={() => markActive(true)} />;
}

/** The warning itself: focus moves to 'Continue Session' when it opens and back where it was when it closes. */
function ExpiringDialog({ countdown, onLogout, onContinue }: { countdown: string; onLogout: () => void; onContinue: () => void }) {
  const continueButton = useDialogFocus<HTMLButtonElement>();
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">
      <div role="alertdialog" aria-modal="true" aria-labelledby="session-expiring-title" className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-xl">
        <h2 id="session-expiring-title" className="text-lg font-semibold text-slate-900">
          Session Expiring
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          You have been inactive for a while. For your security you will be signed out in{" "}
          <span className="font-semibold tabular-nums" data-testid="session-countdown">
            {countdown}
          </span>
          .
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" onClick={onLogout} className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50">
            Logout Now
          </button>
          <button
            ref={continueButton}
            type="button"
            onClick={onContinue}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Continue Session
          </button>
        </div>
      </div>
    </div>
  );
}
