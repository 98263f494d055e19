import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SectionCard } from "~/components/ui/section-card";
import { requireUserId } from "~/features/auth/auth.server";
import { calendarMonth, placeOnCalendar } from "~/features/recurring/calendar";
import { CalendarGrid } from "~/features/recurring/components/calendar-grid";
import { RecurringNav } from "~/features/recurring/components/recurring-nav";
import { RECURRING_PATH } from "~/features/recurring/paths";
import { calendarEvents, listSchedules, withMarks } from "~/features/recurring/recurring.server";
import { monthKeyOf, resolveMonth, todayIso } from "~/lib/month";
import type { PageHandle } from "~/utils/page-title";

/** `?month=yyyy-MM` (anything else, or a month more than five years away, shows the current month, as the other month pages do). */
export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  const today = todayIso();
  const month = resolveMonth(new URL(request.url).searchParams.get("month"));
  const { weeks, previous, next } = calendarMonth(month, { today });
  const days = weeks.flat().filter((day) => day.inMonth);
  const marked = await withMarks(userId, await listSchedules(userId));
  const events = calendarEvents(marked, days[0].date, days[days.length - 1].date, today);
  return { month, currentMonth: monthKeyOf(today), previous, next, weeks: placeOnCalendar(weeks, events), scheduleCount: marked.length };
}

export const handle: PageHandle = { title: "Upcoming bills and paychecks" };

const LINK_CLASS = "font-semibold text-brand-700 hover:underline";

export default function RecurringCalendarPage() {
  const { month, currentMonth, previous, next, weeks, scheduleCount } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <RecurringNav current="calendar" />
      <SectionCard
        title="Calendar"
        description={
          scheduleCount === 0 ? (
            <>
              You have no recurring bills or paychecks yet.{" "}
              <Link to={RECURRING_PATH} className={LINK_CLASS}>
                Add them on the recurring page
              </Link>{" "}
              and they show here on the days they are due.
            </>
          ) : (
            "Each bill and paycheck on the day it is due: paid once a transaction meets it, missed when none came."
          )
        }
      >
        <CalendarGrid month={month} currentMonth={currentMonth} previous={previous} next={next} weeks={weeks} />
      </SectionCard>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Upcoming bills and paychecks | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
