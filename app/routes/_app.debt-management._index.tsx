import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { data, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { getPremiumUser } from "~/features/auth/auth.server";
import { DebtCard } from "~/features/debts/components/debt-card";
import { DebtForm } from "~/features/debts/components/debt-form";
import { PlanReview } from "~/features/debts/components/plan-review";
import { parseDebtForm, parsePaymentForm } from "~/features/debts/debt-form.server";
import {
  DEBT_ACTION,
  DEBT_INTENTS,
  DEBT_MANAGEMENT_PATH,
  DEBT_MESSAGES,
  debtCardUrl,
  debtPanelId,
  debtPanelUrl,
  linkableAccounts,
  payFromAccounts,
  type DebtPanel,
} from "~/features/debts/debts";
import { addDebt, deleteDebt, getDebt, listDebtAccounts, listDebtPayments, listDebts, payDebt, updateDebt } from "~/features/debts/debts.server";
import { deletePlan, getPlanReview } from "~/features/debts/plan.server";
import { todayIso } from "~/lib/month";
import { catchFailure } from "~/utils/action-failure.server";
import { readForm } from "~/utils/form-body.server";
import { notFound } from "~/utils/not-found";
import { newSubmissionKey, submissionKeyOf } from "~/utils/submission.server";
import { requireSameOrigin } from "~/utils/security.server";
import { redirectWithToast } from "~/utils/flash.server";

/** The overview's panels live in the query, so each opens and closes without JavaScript. */
type Panel = DebtPanel | "delete";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getPremiumUser(request);
  if (!user) return null;
  const params = new URL(request.url).searchParams;
  const [debts, accounts] = await Promise.all([listDebts(user.id), listDebtAccounts(user.id)]);
  const named = (panel: Panel) => {
    const id = params.get(panel);
    if (id === null) return null;
    if (!debts.some((debt) => debt.id === id)) throw notFound();
    return id;
  };
  const historyId = named("history");
  return {
    currency: user.currency,
    today: todayIso(),
    debts,
    accounts,
    adding: params.has("add") || debts.length === 0,
    editId: named("edit"),
    deleteId: named("delete"),
    payId: named("pay"),
    historyId,
    history: historyId ? await listDebtPayments(user.id, historyId) : null,
    plan: debts.length > 0 ? await getPlanReview(user.id, debts) : null,
    submissionKey: newSubmissionKey(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await getPremiumUser(request);
  // A subscription that ended while the page was open: the locked screen says why.
  if (!user) throw redirect(DEBT_MANAGEMENT_PATH);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const debtId = String(formData.get("debtId") ?? "");
  const submissionKey = submissionKeyOf(formData);

  switch (intent) {
    case DEBT_INTENTS.add: {
      const { submission, input } = parseDebtForm(formData);
      if (!input) return data({ intent, debtId, result: submission.reply() }, { status: 400 });
      const added = await catchFailure("add debt", () => addDebt(user.id, input, submissionKey));
      if (!added.ok) return data({ intent, debtId, result: submission.reply({ formErrors: [DEBT_MESSAGES.addFailed] }) }, { status: 503 });
      if (!added.value.ok) return data({ intent, debtId, result: submission.reply({ fieldErrors: { accountId: [added.value.message] } }) }, { status: 400 });
      return redirectWithToast(debtCardUrl(added.value.debt.id), { type: "success", message: DEBT_MESSAGES.added });
    }
    case DEBT_INTENTS.update: {
      const { submission, input } = parseDebtForm(formData);
      if (!input) return data({ intent, debtId, result: submission.reply() }, { status: 400 });
      const updated = await catchFailure("update debt", () => updateDebt(user.id, debtId, input));
      if (!updated.ok) return data({ intent, debtId, result: submission.reply({ formErrors: [DEBT_MESSAGES.updateFailed] }) }, { status: 503 });
      if (!updated.value) throw notFound();
      if (!updated.value.ok) return data({ intent, debtId, result: submission.reply({ fieldErrors: { accountId: [updated.value.message] } }) }, { status: 400 });
      return redirectWithToast(debtCardUrl(debtId), { type: "success", message: DEBT_MESSAGES.updated });
    }
    case DEBT_INTENTS.delete: {
      const deleted = await catchFailure("delete debt", () => deleteDebt(user.id, debtId));
      if (!deleted.ok) return redirectWithToast(DEBT_MANAGEMENT_PATH, { type: "error", message: DEBT_MESSAGES.deleteFailed });
      if (!deleted.value) throw notFound();
      return redirectWithToast(DEBT_MANAGEMENT_PATH, { type: "success", message: DEBT_MESSAGES.deleted });
    }
    case DEBT_INTENTS.pay: {
      const submission = parsePaymentForm(formData);
      if (submission.status !== "success") {
        if (!(await getDebt(user.id, debtId))) throw notFound();
        return data({ intent, debtId, result: submission.reply() }, { status: 400 });
      }
      const paid = await catchFailure("pay debt", () => payDebt(user.id, debtId, { ...submission.value, currency: user.currency }, submissionKey));
      if (!paid.ok) return data({ intent, debtId, result: submission.reply({ formErrors: [DEBT_MESSAGES.paymentFailed] }) }, { status: 503 });
      if (!paid.value.ok && paid.value.reason === "not-found") throw notFound();
      if (!paid.value.ok) {
        const field = paid.value.reason === "pay-from" ? "fromAccountId" : "amount";
        return data({ intent, debtId, result: submission.reply({ fieldErrors: { [field]: [paid.value.message] } }) }, { status: 400 });
      }
      return redirectWithToast(debtPanelUrl(debtId, "history"), { type: "success", message: DEBT_MESSAGES.paymentAdded });
    }
    case DEBT_INTENTS.clearPlan:
      await deletePlan(user.id);
      return redirectWithToast(DEBT_MANAGEMENT_PATH, { type: "success", message: DEBT_MESSAGES.planCleared });
    default:
      return data({ intent: null, debtId, result: undefined }, { status: 400 });
  }
}

export default function DebtOverview() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!loaderData) return null;
  const { debts, accounts, currency, today, plan, history, historyId } = loaderData;
  const refused = actionData?.result ? actionData : null;
  const adding = loaderData.adding || refused?.intent === DEBT_INTENTS.add;
  const editId = refused?.intent === DEBT_INTENTS.update ? refused.debtId : loaderData.editId;
  const payId = refused?.intent === DEBT_INTENTS.pay ? refused.debtId : loaderData.payId;
  const toDelete = debts.find((debt) => debt.id === loaderData.deleteId);
  const linksFor = (id: string) => {
    const close = debtCardUrl(id);
    return { edit: debtPanelUrl(id, "edit"), delete: `${DEBT_MANAGEMENT_PATH}?delete=${id}`, pay: debtPanelUrl(id, "pay"), history: historyId === id ? close : debtPanelUrl(id, "history"), close };
  };
  const edited = debts.find((debt) => debt.id === editId);
  return (
    <div className="space-y-6">
      {debts.length === 0 ? (
        <section className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <h2 className="text-lg font-semibold text-slate-900">No debts added yet</h2>
          <p className="mt-1 text-slate-600">Add a credit card, loan or mortgage to see when you will be debt-free.</p>
          <a href="#debt-form" className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
            Add Your First Debt
          </a>
        </section>
      ) : null}
      {adding && !edited ? (
        <DebtForm
          key="add"
          intent={DEBT_INTENTS.add}
          accounts={linkableAccounts(accounts, debts, null)}
          title="Add New Debt"
          submitLabel="Add Debt"
          lastResult={refused?.intent === DEBT_INTENTS.add ? refused.result : undefined}
          cancelTo={debts.length === 0 ? null : DEBT_MANAGEMENT_PATH}
          submissionKey={loaderData.submissionKey}
        />
      ) : (
        <div className="flex justify-end">
          <Link to={`${DEBT_MANAGEMENT_PATH}?add=1#debt-form`} preventScrollReset className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
            Add Debt
          </Link>
        </div>
      )}
      {plan ? <PlanReview review={plan} currency={currency} /> : null}
      {debts.length > 0 ? (
        <section aria-label="Your debts" className="space-y-4">
          {debts.map((debt) => (
            <DebtCard
              key={debt.id}
              debt={debt}
              currency={currency}
              today={today}
              links={linksFor(debt.id)}
              pay={
                payId === debt.id
                  ? {
                      lastResult: refused?.intent === DEBT_INTENTS.pay ? refused.result : undefined,
                      submissionKey: loaderData.submissionKey,
                      fromAccounts: payFromAccounts(accounts, debt),
                    }
                  : null
              }
              history={historyId === debt.id ? history : null}
              editor={
                edited?.id === debt.id ? (
                  <DebtForm
                    key={`edit-${edited.id}`}
                    intent={DEBT_INTENTS.update}
                    debt={edited}
                    accounts={linkableAccounts(accounts, debts, edited)}
                    title="Edit Debt"
                    submitLabel="Update Debt"
                    lastResult={refused?.intent === DEBT_INTENTS.update ? refused.result : undefined}
                    cancelTo={debtCardUrl(edited.id)}
                    panelId={debtPanelId(edited.id, "edit")}
                  />
                ) : null
              }
            />
          ))}
        </section>
      ) : null}
      {toDelete ? (
        <ConfirmDialog
          title="Delete Debt"
          message={DEBT_MESSAGES.confirmDelete}
          action={DEBT_ACTION}
          fields={{ intent: DEBT_INTENTS.delete, debtId: toDelete.id }}
          cancelTo={DEBT_MANAGEMENT_PATH}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
