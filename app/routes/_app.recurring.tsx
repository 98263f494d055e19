import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PRIMARY_BUTTON_CLASS } from "~/components/ui/buttons";
import { SectionCard } from "~/components/ui/section-card";
import { useRevalidateWhile } from "~/components/ui/use-revalidate-while";
import { requireUser } from "~/features/auth/auth.server";
import { MissedList, ProposalList, ScheduleList } from "~/features/recurring/components/recurring-lists";
import { ScheduleForm } from "~/features/recurring/components/schedule-form";
import { shiftDay } from "~/features/recurring/occurrences";
import { RECURRING_INTENTS, RECURRING_MESSAGES } from "~/features/recurring/recurring";
import { CALENDAR_PATH, FORECAST_PATH, RECURRING_PATH } from "~/features/recurring/paths";
import {
  acceptProposal,
  addSchedule,
  detectionState,
  dueItems,
  ignoreProposal,
  listProposals,
  listSchedules,
  markDetectionAsked,
  missedItems,
  recordPayment,
  setReminder,
  withMarks,
} from "~/features/recurring/recurring.server";
import { parseScheduleForm, scheduleFormChoices } from "~/features/recurring/schedule-form.server";
import { queueSeriesDetection } from "~/integrations/jobs.server";
import { todayIso } from "~/lib/month";
import { catchFailure, unknownForm } from "~/utils/action-failure.server";
import { redirectWithToast } from "~/utils/flash.server";
import { readForm } from "~/utils/form-body.server";
import { notFound } from "~/utils/not-found";
import type { PageHandle } from "~/utils/page-title";
import { requireSameOrigin } from "~/utils/security.server";
import { newSubmissionKey, submissionKeyOf } from "~/utils/submission.server";

/** How far ahead a schedule's next due date is looked for: a yearly one's is within a year and a day. */
const NEXT_DUE_LOOKAHEAD_DAYS = 366;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const today = todayIso();
  const [schedules, proposals, detection, choices] = await Promise.all([listSchedules(user.id), listProposals(user.id), detectionState(user.id), scheduleFormChoices(user.id)]);
  const marked = await withMarks(user.id, schedules);
  const accountName = new Map(choices.accounts.map((account) => [account.id, account.name]));
  const categoryName = new Map(choices.categories.map((category) => [category.id, category.name]));
  const nextDue = new Map<string, string>();
  for (const item of dueItems(marked, today, shiftDay(today, NEXT_DUE_LOOKAHEAD_DAYS))) if (!nextDue.has(item.schedule.id)) nextDue.set(item.schedule.id, item.date);
  return {
    today,
    choices,
    detection,
    schedules: schedules.map((schedule) => ({
      ...schedule,
      accountName: schedule.accountId ? (accountName.get(schedule.accountId) ?? null) : null,
      categoryName: categoryName.get(schedule.category) ?? null,
      nextDue: nextDue.get(schedule.id) ?? null,
    })),
    proposals: proposals.map((proposal) => ({ ...proposal, accountName: accountName.get(proposal.accountId) ?? null })),
    missed: missedItems(marked, today).map(({ schedule, date, message }) => ({ scheduleId: schedule.id, name: schedule.name, type: schedule.type, date, amount: schedule.amount, currency: schedule.currency, message })),
    submissionKey: newSubmissionKey(),
  };
}

const RECORD_REFUSALS = { "not-due": RECURRING_MESSAGES.invalidDate, "already-met": RECURRING_MESSAGES.alreadyMet } as const;

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request);
  const formData = await readForm(request);
  const scheduleId = String(formData.get("scheduleId") ?? "");
  const proposalId = String(formData.get("proposalId") ?? "");
  const refused = (message: string) => data({ result: undefined, error: message }, { status: 400 });
  switch (formData.get("intent")) {
    case RECURRING_INTENTS.add: {
      const { submission, input } = parseScheduleForm(user.id, formData, await scheduleFormChoices(user.id));
      if (!input) return data({ result: submission.reply(), error: null }, { status: 400 });
      const submissionKey = submissionKeyOf(formData);
      const added = await catchFailure("add schedule", () => addSchedule(user.id, input, submissionKey));
      if (!added.ok) return data({ result: submission.reply({ formErrors: [RECURRING_MESSAGES.failed] }), error: null }, { status: 503 });
      if (!added.value.ok) return data({ result: submission.reply({ formErrors: [RECURRING_MESSAGES.tooMany] }), error: null }, { status: 400 });
      return redirectWithToast(RECURRING_PATH, { type: "success", message: RECURRING_MESSAGES.added });
    }
    case RECURRING_INTENTS.accept: {
      const accepted = await acceptProposal(user.id, proposalId);
      if (!accepted.ok && accepted.reason === "not-found") throw notFound();
      if (!accepted.ok) return refused(RECURRING_MESSAGES.tooMany);
      return redirectWithToast(RECURRING_PATH, { type: "success", message: RECURRING_MESSAGES.accepted });
    }
    case RECURRING_INTENTS.ignore: {
      if (!(await ignoreProposal(user.id, proposalId)).ok) throw notFound();
      return redirectWithToast(RECURRING_PATH, { type: "success", message: RECURRING_MESSAGES.ignored });
    }
    case RECURRING_INTENTS.detect: {
      await markDetectionAsked(user.id);
      await queueSeriesDetection(user.id);
      return redirectWithToast(RECURRING_PATH, { type: "success", message: RECURRING_MESSAGES.detecting });
    }
    case RECURRING_INTENTS.record: {
      const recorded = await recordPayment(user.id, scheduleId, String(formData.get("dueDate") ?? ""));
      if (!recorded.ok) {
        if (recorded.reason === "not-found") throw notFound();
        return refused(RECORD_REFUSALS[recorded.reason]);
      }
      return redirectWithToast(RECURRING_PATH, { type: "success", message: RECURRING_MESSAGES.recorded });
    }
    case RECURRING_INTENTS.reminder: {
      const remind = formData.get("remind") === "on";
      if (!(await setReminder(user.id, scheduleId, remind))) throw notFound();
      return redirectWithToast(RECURRING_PATH, { type: "success", message: remind ? RECURRING_MESSAGES.remindersOn : RECURRING_MESSAGES.remindersOff });
    }
    default:
      throw unknownForm();
  }
}

export const handle: PageHandle = { title: "Recurring" };

export default function RecurringPage() {
  const { today, choices, detection, schedules, proposals, missed, submissionKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useRevalidateWhile(detection.running, 2000);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {actionData?.error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {actionData.error}
        </p>
      ) : null}
      {missed.length > 0 ? (
        <SectionCard title="Missed payments" description="These due dates went by and no matching transaction arrived. If you paid another way, record it.">
          <MissedList missed={missed} action={RECURRING_PATH} />
        </SectionCard>
      ) : null}
      <SectionCard
        title="Recurring bills and paychecks"
        description={
          <>
            What comes every week, month or year. When the bank&apos;s transaction arrives (an import, a sync), it is matched to its due date, not counted twice. See them on the{" "}
            <Link to={CALENDAR_PATH} className="font-semibold text-brand-700 hover:underline">
              calendar
            </Link>{" "}
            and in the{" "}
            <Link to={FORECAST_PATH} className="font-semibold text-brand-700 hover:underline">
              30-day forecast
            </Link>
            .
          </>
        }
      >
        <ScheduleList schedules={schedules} action={RECURRING_PATH} />
      </SectionCard>
      <SectionCard title="Found in your transactions" description="Payments that come with the same payee, a similar amount and a steady rhythm.">
        <div className="space-y-4">
          {proposals.length > 0 ? <ProposalList proposals={proposals} action={RECURRING_PATH} /> : null}
          {detection.running ? (
            <p role="status" className="text-sm text-slate-700">
              {RECURRING_MESSAGES.detecting}{" "}
              {/* Without JavaScript the visitor asks again; the page never reloads by itself (decision 230). */}
              <Link to={RECURRING_PATH} className="font-semibold text-brand-700 hover:underline">
                Refresh
              </Link>
            </p>
          ) : (
            <>
              {proposals.length === 0 ? <p className="text-sm text-slate-600">{detection.finishedAt ? "Nothing new found. Everything recurring is on your list." : "Ledgerly has not looked through your transactions yet."}</p> : null}
              <Form method="post" action={RECURRING_PATH}>
                <button type="submit" name="intent" value={RECURRING_INTENTS.detect} className={PRIMARY_BUTTON_CLASS}>
                  Find recurring payments
                </button>
              </Form>
            </>
          )}
        </div>
      </SectionCard>
      <SectionCard title="Add a recurring bill or paycheck">
        <ScheduleForm key={submissionKey} action={RECURRING_PATH} schedule={null} today={today} accounts={choices.accounts} categories={choices.categories} mainCurrency={choices.mainCurrency} lastResult={actionData?.result} submissionKey={submissionKey} />
      </SectionCard>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Recurring bills and paychecks | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
