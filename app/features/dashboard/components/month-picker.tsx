import { Form, Link, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { Spinner } from "~/components/ui/forms";
import { DASHBOARD_PATH, dashboardUrl } from "~/features/dashboard/dashboard";
import { shiftMonth } from "~/lib/month";

/** The pause before a picked month is loaded, and the longest the transition overlay stays. */
const MONTH_SWITCH_DELAY_MS = 50;
const TRANSITION_SAFETY_TIMEOUT_MS = 5000;

/** Query values the month picker carries along; a half-edited budget is not one of them. */
const KEPT_PARAMS = ["incomeView", "expenseView", "panel", "tab"];

/**
 * Whether the page is moving to another month: from the moment a month is
 * picked until its data arrives, or at most 5 seconds.
 */
export function useMonthTransition(month: string) {
  const navigation = useNavigation();
  const [pickedMonth, setPickedMonth] = useState<string | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  const navigatingTo =
    navigation.state === "loading" && navigation.location.pathname === DASHBOARD_PATH
      ? new URLSearchParams(navigation.location.search).get("month")
      : null;
  const transitioning = (pickedMonth !== null && pickedMonth !== month) || (navigatingTo !== null && navigatingTo !== month);

  useEffect(() => {
    setPickedMonth(null);
  }, [month]);
  useEffect(() => {
    if (!transitioning) {
      setTimedOut(false);
      return;
    }
    const timer = setTimeout(() => setTimedOut(true), TRANSITION_SAFETY_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [transitioning]);

  return { transitioning: transitioning && !timedOut, pickMonth: setPickedMonth };
}

const arrowLinkClass =
  "flex h-10 w-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-lg text-slate-700 hover:bg-slate-50";

/**
 * A GET form, so it works without JavaScript ("Go"); with JavaScript a
 * picked month loads by itself (no "Go") and the input waits, disabled, meanwhile.
 */
export function MonthPicker({
  month,
  transitioning,
  onPick,
}: {
  month: string;
  transitioning: boolean;
  onPick: (month: string) => void;
}) {
  const [searchParams] = useSearchParams();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const keptParams = KEPT_PARAMS.flatMap((name) => {
    const value = searchParams.get(name);
    return value === null ? [] : [[name, value] as const];
  });
  const linkTo = (target: string) => dashboardUrl(searchParams, { month: target, editBudget: null });

  return (
    <Form method="get" action={DASHBOARD_PATH} preventScrollReset className="flex flex-wrap items-center gap-2">
      {keptParams.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Link to={linkTo(shiftMonth(month, -1))} preventScrollReset aria-label="Previous month" className={arrowLinkClass}>
        ‹
      </Link>
      <label htmlFor="dashboard-month" className="sr-only">
        Select month
      </label>
      <div className="relative">
        <input
          key={month}
          id="dashboard-month"
          type="month"
          name="month"
          defaultValue={month}
          required
          disabled={transitioning}
          onChange={(event) => {
            const picked = event.currentTarget.value;
            if (!picked || picked === month) return;
            // Read the form now: the input is disabled (and left out of the form data) while the month loads.
            const formData = new FormData(event.currentTarget.form ?? undefined);
            onPick(picked);
            clearTimeout(timer.current);
            timer.current = setTimeout(
              () => submit(formData, { method: "get", action: DASHBOARD_PATH, preventScrollReset: true }),
              MONTH_SWITCH_DELAY_MS,
            );
          }}
          className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100 disabled:text-slate-500"
        />
        {transitioning ? (
          <span className="absolute inset-y-0 right-9 flex items-center text-brand-600">
            <Spinner />
          </span>
        ) : null}
      </div>
      {hydrated ? null : (
        <button type="submit" className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-700 hover:bg-slate-50">
          Go
        </button>
      )}
      <Link to={linkTo(shiftMonth(month, 1))} preventScrollReset aria-label="Next month" className={arrowLinkClass}>
        ›
      </Link>
    </Form>
  );
}

/** The page-wide notice while another month loads (JavaScript only). */
export function LoadingMonthOverlay() {
  return (
    <div role="status" className="fixed inset-0 z-40 flex items-center justify-center bg-white/60 backdrop-blur-[1px]">
      <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-5 py-4 font-medium text-slate-700 shadow-lg">
        <Spinner className="h-5 w-5 text-brand-600" />
        Loading month data...
      </div>
    </div>
  );
}
