import { Link } from "@remix-run/react";
import { CALENDAR_PATH, FORECAST_PATH, RECURRING_PATH } from "../paths";

const LINK_CLASS = "font-semibold text-brand-700 hover:underline";

/** The way back to the recurring list from the calendar or the forecast, and across to the other of the two. */
export function RecurringNav({ current }: { current: "calendar" | "forecast" }) {
  return (
    <nav aria-label="Recurring" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
      <Link to={RECURRING_PATH} className={LINK_CLASS}>
        <span aria-hidden="true">← </span>Recurring bills and paychecks
      </Link>
      {current === "calendar" ? (
        <Link to={FORECAST_PATH} className={LINK_CLASS}>
          Cash-flow forecast
        </Link>
      ) : (
        <Link to={CALENDAR_PATH} className={LINK_CLASS}>
          Calendar of bills and paychecks
        </Link>
      )}
    </nav>
  );
}
