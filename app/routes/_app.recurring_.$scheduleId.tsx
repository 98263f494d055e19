import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DANGER_BUTTON_CLASS } from "~/components/ui/buttons";
import { SectionCard } from "~/components/ui/section-card";
import { requireUser } from "~/features/auth/auth.server";
import { ScheduleForm } from "~/features/recurring/components/schedule-form";
import { shiftDay } from "~/features/recurring/occurrences";
import { RECURRING_INTENTS, RECURRING_MESSAGES } from "~/features/recurring/recurring";
import { RECURRING_PATH, SCHEDULE_EDIT_TITLE_ID, scheduleEditPath } from "~/features/recurring/paths";
import { deleteSchedule, dueItems, getSchedule, updateSchedule, withMarks } from "~/features/recurring/recurring.server";
import { parseScheduleForm, scheduleFormChoices } from "~/features/recurring/schedule-form.server";
import { todayIso } from "~/lib/month";
import { catchFailure, unknownForm } from "~/utils/action-failure.server";
import { redirectWithToast } from "~/utils/flash.server";
import { readForm } from "~/utils/form-body.server";
import type { PageHandle } from "~/utils/page-title";
import { requireSameOrigin } from "~/utils/security.server";

async function requireSchedule(userId: string, scheduleId: string | undefined) {
  const schedule = scheduleId ? await getSchedule(userId, scheduleId) : null;
  if (!schedule) throw data(RECURRING_MESSAGES.notFound, { status: 404 });
  return schedule;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const schedule = await requireSchedule(user.id, params.scheduleId);
  const today = todayIso();
  const [marked] = await withMarks(user.id, [schedule]);
  // The form's next date: the first due date not met yet from today (a yearly one's is within a year).
  const nextDate = dueItems([marked], today, shiftDay(today, 366))[0]?.date ?? schedule.anchor;
  return { today, schedule: { ...schedule, nextDate }, choices: await scheduleFormChoices(user.id, schedule.accountId) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request);
  const schedule = await requireSchedule(user.id, params.scheduleId);
  const formData = await readForm(request);
  switch (formData.get("intent")) {
    case RECURRING_INTENTS.save: {
      const { submission, input } = parseScheduleForm(user.id, formData, await scheduleFormChoices(user.id, schedule.accountId));
      if (!input) return data({ result: submission.reply() }, { status: 400 });
      const saved = await catchFailure("save schedule", () => updateSchedule(user.id, schedule.id, input));
      if (!saved.ok) return data({ result: submission.reply({ formErrors: [RECURRING_MESSAGES.failed] }) }, { status: 503 });
      if (!saved.value.ok) throw data(RECURRING_MESSAGES.notFound, { status: 404 });
      return redirectWithToast(RECURRING_PATH, { type: "success", message: RECURRING_MESSAGES.saved });
    }
    case RECURRING_INTENTS.delete: {
      const deleted = await catchFailure("delete schedule", () => deleteSchedule(user.id, schedule.id));
      if (!deleted.ok) return redirectWithToast(scheduleEditPath(schedule.id), { type: "error", message: RECURRING_MESSAGES.failed });
      return redirectWithToast(RECURRING_PATH, { type: "success", message: RECURRING_MESSAGES.deleted });
    }
    default:
      throw unknownForm();
  }
}

export const handle: PageHandle = { title: "Recurring" };

export default function ScheduleEditPage() {
  const { today, schedule, choices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <SectionCard
        title={`Edit ${schedule.name}`}
        targetId={SCHEDULE_EDIT_TITLE_ID}
        description={
          <Link to={RECURRING_PATH} className="font-semibold text-brand-700 hover:underline">
            Back to recurring bills and paychecks
          </Link>
        }
      >
        <ScheduleForm action={scheduleEditPath(schedule.id)} schedule={schedule} today={today} accounts={choices.accounts} categories={choices.categories} mainCurrency={choices.mainCurrency} lastResult={actionData?.result} />
      </SectionCard>
      <SectionCard title="Delete" description="Its past transactions stay as they are; they are no longer matched to it.">
        <Form method="post" action={scheduleEditPath(schedule.id)}>
          <button type="submit" name="intent" value={RECURRING_INTENTS.delete} className={DANGER_BUTTON_CLASS}>
            Delete {schedule.name}
          </button>
        </Form>
      </SectionCard>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: `${loaded?.schedule.name ?? "Recurring bill"} | Ledgerly` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
