import { Form, Link } from "@remix-run/react";
import { SMALL_BUTTON_CLASS } from "~/components/ui/buttons";
import { formatMoney, toCents } from "~/lib/money";
import type { Frequency } from "../occurrences";
import { longDay, RECURRING_INTENTS, scheduleAmountText } from "../recurring";
import { SCHEDULE_EDIT_TITLE_ID, scheduleEditPath } from "../paths";

/** What the lists show of a kept schedule and of a proposed series alike. */
type ListedSeries = {
  id: string;
  name: string;
  type: "income" | "expense";
  amount: number;
  amountMin: number;
  amountMax: number;
  currency: string;
  frequency: Frequency;
  accountName: string | null;
};

/** A kept schedule as the list shows it. */
export type ListedSchedule = ListedSeries & {
  categoryName: string | null;
  nextDue: string | null;
  remind: boolean;
  remindDaysBefore: number;
};

const wayLabel = (type: "income" | "expense") => (type === "income" ? "Paycheck" : "Bill");

/** The user's recurring bills and paychecks: what, how much, when next, and the reminder switch. */
export function ScheduleList({ schedules, action }: { schedules: ListedSchedule[]; action: string }) {
  if (schedules.length === 0) return <p className="text-sm text-slate-600">No recurring bills or paychecks yet. Add one below, or let Ledgerly find them in your transactions.</p>;
  return (
    <ul className="divide-y divide-slate-200" aria-label="Recurring bills and paychecks">
      {schedules.map((schedule) => (
        <li key={schedule.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">
              <Link to={`${scheduleEditPath(schedule.id)}#${SCHEDULE_EDIT_TITLE_ID}`} className="hover:underline">
                {schedule.name}
              </Link>{" "}
              <span className="text-xs font-medium text-slate-500">{wayLabel(schedule.type)}</span>
            </p>
            <p className="text-sm text-slate-600">
              {scheduleAmountText(schedule)}
              {schedule.accountName ? ` · ${schedule.accountName}` : ""}
              {schedule.categoryName ? ` · ${schedule.categoryName}` : ""}
            </p>
            <p className="text-sm text-slate-600">{schedule.nextDue ? `Next: ${longDay(schedule.nextDue)}, ${schedule.nextDue.slice(0, 4)}` : "Nothing due in the coming year"}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {schedule.type === "expense" ? (
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value={RECURRING_INTENTS.reminder} />
                <input type="hidden" name="scheduleId" value={schedule.id} />
                <input type="hidden" name="remind" value={schedule.remind ? "off" : "on"} />
                <button type="submit" className={SMALL_BUTTON_CLASS} aria-pressed={schedule.remind}>
                  {/* The bill's name is read before what the button shows, so its name holds its visible text (WCAG 2.5.3). */}
                  <span className="sr-only">{schedule.name}: </span>
                  {schedule.remind ? `Reminders on (${schedule.remindDaysBefore} days before)` : "Reminders off"}
                </button>
              </Form>
            ) : null}
            <Link to={`${scheduleEditPath(schedule.id)}#${SCHEDULE_EDIT_TITLE_ID}`} className={SMALL_BUTTON_CLASS}>
              Edit<span className="sr-only"> {schedule.name}</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A series found in the history, as proposed. */
export type ListedProposal = ListedSeries & {
  nextDate: string;
  occurrences: number;
};

/** The series Ledgerly found: each kept as a recurring bill or paycheck, or ignored. */
export function ProposalList({ proposals, action }: { proposals: ListedProposal[]; action: string }) {
  return (
    <ul className="divide-y divide-slate-200" aria-label="Suggested recurring payments">
      {proposals.map((proposal) => (
        <li key={proposal.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">
              {proposal.name} <span className="text-xs font-medium text-slate-500">{wayLabel(proposal.type)}</span>
            </p>
            <p className="text-sm text-slate-600">
              {scheduleAmountText(proposal)} · {proposal.occurrences} payments so far{proposal.accountName ? ` · ${proposal.accountName}` : ""}
            </p>
            <p className="text-sm text-slate-600">Next expected: {longDay(proposal.nextDate)}, {proposal.nextDate.slice(0, 4)}</p>
          </div>
          <Form method="post" action={action} className="flex gap-2">
            <input type="hidden" name="proposalId" value={proposal.id} />
            <button type="submit" name="intent" value={RECURRING_INTENTS.accept} className={SMALL_BUTTON_CLASS}>
              Add it<span className="sr-only"> ({proposal.name})</span>
            </button>
            <button type="submit" name="intent" value={RECURRING_INTENTS.ignore} className={SMALL_BUTTON_CLASS}>
              Ignore<span className="sr-only"> {proposal.name}</span>
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}

/** A due date, listed: what, when, how much. */
export type ListedDue = { scheduleId: string; name: string; type: "income" | "expense"; date: string; amount: number; currency: string };

/** Due dates that went by without their payment: each says so, and can be recorded by hand. */
export function MissedList({ missed, action }: { missed: Array<ListedDue & { message: string }>; action: string }) {
  return (
    <ul className="space-y-2" aria-label="Missed payments">
      {missed.map((item) => (
        <li key={`${item.scheduleId}:${item.date}`} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <span>
            {item.message} ({formatMoney(toCents(item.amount), item.currency)})
          </span>
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value={RECURRING_INTENTS.record} />
            <input type="hidden" name="scheduleId" value={item.scheduleId} />
            <input type="hidden" name="dueDate" value={item.date} />
            <button type="submit" className={SMALL_BUTTON_CLASS}>
              Record it<span className="sr-only">: {item.name} on {longDay(item.date)}</span>
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
