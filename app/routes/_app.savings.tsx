import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { data, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getPremiumUser } from "~/features/auth/auth.server";
import { SavingsGoalsManager, type RefusedGoalForm } from "~/features/savings/components/savings-goals-manager";
import { SavingsTracker } from "~/features/savings/components/savings-tracker";
import { RecentSavingsTransactions, SavingsWithdrawals } from "~/features/savings/components/savings-withdrawals";
import { goalsPanelOf, SAVINGS_INTENTS, SAVINGS_MESSAGES, SAVINGS_PATH, withdrawalAccounts } from "~/features/savings/savings";
import { parseEditGoalForm, parseInitialSavings, parseNewGoalForm, parseWithdrawalForm } from "~/features/savings/savings-form.server";
import {
  addSavingsGoal,
  deleteSavingsGoal,
  deleteWithdrawal,
  getSavingsGoal,
  getSavingsOverview,
  recordWithdrawal,
  selectSavingsGoal,
  setInitialSavings,
  updateSavingsGoal,
} from "~/features/savings/savings.server";
import { todayIso } from "~/lib/month";
import { catchFailure, unknownForm } from "~/utils/action-failure.server";
import { readForm } from "~/utils/form-body.server";
import { notFound } from "~/utils/not-found";
import type { PageHandle } from "~/utils/page-title";
import { requireSameOrigin } from "~/utils/security.server";
import { redirectWithToast } from "~/utils/flash.server";
import { newSubmissionKey, submissionKeyOf } from "~/utils/submission.server";

export const handle: PageHandle = { title: "Savings Goals" };

/** Where a goal form embedded elsewhere (the analytics page) asks to go back to; only our own two pages. */
function returnPath(value: FormDataEntryValue | null) {
  return typeof value === "string" && /^\/(savings|analytics)(\?[\w=&%-]*)?$/.test(value) ? value : SAVINGS_PATH;
}

/** A refused withdrawal's message, under the field it is about. */
const withdrawalRefusal: Record<"above-balance" | "above-account-balance" | "account-refused", Record<string, string[]>> = {
  "above-balance": { amount: [SAVINGS_MESSAGES.withdrawalAboveBalance] },
  "above-account-balance": { amount: [SAVINGS_MESSAGES.withdrawalAboveAccount] },
  "account-refused": { accountId: [SAVINGS_MESSAGES.accountInvalid] },
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getPremiumUser(request);
  if (!user) return { locked: true as const };
  const params = new URL(request.url).searchParams;
  const today = todayIso();
  const overview = await getSavingsOverview(user.id, today);
  const panel = goalsPanelOf(params, overview.goals.map((goal) => goal.id));
  // A panel naming a goal that is not the user's is a 404, as for any other record id.
  if (!panel) throw notFound();
  return {
    locked: false as const,
    currency: user.currency,
    today,
    overview,
    panel,
    editingInitial: params.get("initial") === "edit",
    withdrawing: params.get("withdraw") === "new",
    submissionKey: newSubmissionKey(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await getPremiumUser(request);
  // A subscription that ended while the page was open: the locked screen says why.
  if (!user) throw redirect(SAVINGS_PATH);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const goalId = String(formData.get("goalId") ?? "");
  const back = returnPath(formData.get("returnTo"));
  const submissionKey = submissionKeyOf(formData);
  const today = todayIso();

  switch (intent) {
    case SAVINGS_INTENTS.addGoal: {
      const { submission, input } = parseNewGoalForm(formData, today);
      if (!input) return data({ intent, goalId, result: submission.reply() }, { status: 400 });
      const added = await catchFailure("add savings goal", () => addSavingsGoal(user.id, input, submissionKey));
      if (!added.ok) return data({ intent, goalId, result: submission.reply({ formErrors: [SAVINGS_MESSAGES.addFailed] }) }, { status: 503 });
      if (!added.value.ok) return data({ intent, goalId, result: submission.reply({ fieldErrors: { accountId: [SAVINGS_MESSAGES.accountInvalid] } }) }, { status: 400 });
      return redirectWithToast(back, { type: "success", message: SAVINGS_MESSAGES.goalAdded });
    }
    case SAVINGS_INTENTS.updateGoal: {
      const stored = await getSavingsGoal(user.id, goalId);
      if (!stored) throw notFound();
      const { submission, input } = parseEditGoalForm(formData, stored);
      if (!input) return data({ intent, goalId, result: submission.reply() }, { status: 400 });
      const updated = await catchFailure("update savings goal", () => updateSavingsGoal(user.id, goalId, input, today, submissionKey));
      if (!updated.ok) return data({ intent, goalId, result: submission.reply({ formErrors: [SAVINGS_MESSAGES.updateFailed] }) }, { status: 503 });
      if (!updated.value.ok && updated.value.reason === "account-refused") {
        return data({ intent, goalId, result: submission.reply({ fieldErrors: { accountId: [SAVINGS_MESSAGES.accountInvalid] } }) }, { status: 400 });
      }
      if (!updated.value.ok) throw notFound();
      return redirectWithToast(back, { type: "success", message: SAVINGS_MESSAGES.goalUpdated });
    }
    case SAVINGS_INTENTS.deleteGoal:
      if (!(await deleteSavingsGoal(user.id, goalId))) throw notFound();
      return redirectWithToast(back, { type: "success", message: SAVINGS_MESSAGES.goalDeleted });
    case SAVINGS_INTENTS.selectGoal:
      if (!(await selectSavingsGoal(user.id, goalId))) throw notFound();
      return redirectWithToast(back, { type: "success", message: SAVINGS_MESSAGES.activeGoalUpdated });
    case SAVINGS_INTENTS.setInitial: {
      const submission = parseInitialSavings(formData);
      if (submission.status !== "success") return data({ intent, goalId, result: submission.reply() }, { status: 400 });
      await setInitialSavings(user.id, submission.value.initialSavings);
      return redirectWithToast(SAVINGS_PATH, { type: "success", message: SAVINGS_MESSAGES.initialUpdated });
    }
    case SAVINGS_INTENTS.addWithdrawal: {
      const { submission, input } = parseWithdrawalForm(formData, today);
      if (!input) return data({ intent, goalId, result: submission.reply() }, { status: 400 });
      const recorded = await recordWithdrawal(user.id, input, submissionKey);
      if (!recorded.ok) return data({ intent, goalId, result: submission.reply({ fieldErrors: withdrawalRefusal[recorded.reason] }) }, { status: 400 });
      return redirectWithToast(SAVINGS_PATH, { type: "success", message: SAVINGS_MESSAGES.withdrawalRecorded });
    }
    case SAVINGS_INTENTS.deleteWithdrawal:
      if (!(await deleteWithdrawal(user.id, String(formData.get("withdrawalId") ?? "")))) throw notFound();
      return redirectWithToast(SAVINGS_PATH, { type: "success", message: SAVINGS_MESSAGES.withdrawalDeleted });
    default:
      throw unknownForm();
  }
}

function LockedPanel() {
  return (
    <section className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <p aria-hidden="true" className="text-4xl">
        🔒
      </p>
      <h2 className="mt-3 text-xl font-semibold text-slate-900">Savings Locked</h2>
      <p className="mt-2 text-slate-600">Set savings goals, record withdrawals and follow your progress with Premium.</p>
      <Link to="/manage-subscription" className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        Unlock Savings
      </Link>
    </section>
  );
}

export default function SavingsPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (loaderData.locked) return <LockedPanel />;
  const { overview, currency, today, panel } = loaderData;
  const refusedGoal = actionData?.intent === SAVINGS_INTENTS.addGoal || actionData?.intent === SAVINGS_INTENTS.updateGoal ? (actionData as RefusedGoalForm) : null;
  const refusedInitial = actionData?.intent === SAVINGS_INTENTS.setInitial ? actionData.result : undefined;
  const refusedWithdrawal = actionData?.intent === SAVINGS_INTENTS.addWithdrawal ? actionData.result : undefined;
  const activeGoal = overview.goals.find((goal) => goal.id === overview.activeGoalId) ?? null;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <SavingsTracker
        figures={overview}
        currency={currency}
        activeGoal={activeGoal}
        initial={{ editing: loaderData.editingInitial || refusedInitial !== undefined, lastResult: refusedInitial }}
      />
      <SavingsGoalsManager
        goals={overview.goals}
        accounts={overview.accounts}
        activeGoalId={overview.activeGoalId}
        currency={currency}
        panel={panel}
        refused={refusedGoal}
        submissionKey={loaderData.submissionKey}
      />
      <RecentSavingsTransactions entries={overview.recent} currency={currency} />
      <SavingsWithdrawals
        withdrawals={overview.withdrawals}
        accounts={withdrawalAccounts(overview.goals, overview.accounts)}
        currency={currency}
        today={today}
        open={loaderData.withdrawing || refusedWithdrawal !== undefined}
        result={refusedWithdrawal}
        submissionKey={loaderData.submissionKey}
      />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Savings Goals | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
