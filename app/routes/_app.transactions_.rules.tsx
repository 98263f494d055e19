import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { data, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SectionCard } from "~/components/ui/section-card";
import { requireUser } from "~/features/auth/auth.server";
import { RuleForm } from "~/features/rules/components/rule-form";
import { RuleList } from "~/features/rules/components/rule-list";
import { parseRuleForm } from "~/features/rules/rule-form.server";
import { RULE_INTENTS, RULE_MESSAGES, ruleRunPath, RULES_PATH } from "~/features/rules/rules";
import { getRuleRun, startRuleRun } from "~/features/rules/rule-runs.server";
import { queueRuleCount, queueRuleRun } from "~/integrations/jobs.server";
import { addRule, deleteRule, describedRules, moveRule, ruleChoices, ruleOfferFor } from "~/features/rules/rules.server";
import { offeredRuleValue, ruleFormValue } from "~/features/rules/rule-form-value";
import { TAG_MESSAGES } from "~/features/tags/tags";
import { catchFailure, unknownForm } from "~/utils/action-failure.server";
import { redirectWithToast } from "~/utils/flash.server";
import { readForm } from "~/utils/form-body.server";
import type { PageHandle } from "~/utils/page-title";
import { requireSameOrigin } from "~/utils/security.server";
import { newSubmissionKey, submissionKeyOf } from "~/utils/submission.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const choices = await ruleChoices(user.id, user.currency);
  const rules = await describedRules(user.id, choices);
  const deleteId = params.get("delete");
  // Back from a preview of a rule not saved yet: the form comes back as it was previewed.
  const draftId = params.get("draft");
  const draft = draftId ? await getRuleRun(user.id, draftId) : null;
  if (draftId && !draft) throw data(RULE_MESSAGES.runNotFound, { status: 404 });
  const offeredFrom = params.get("from");
  const offer = offeredFrom ? await ruleOfferFor(user.id, offeredFrom) : null;
  const prefilled = draft ? ruleFormValue(draft.rule, choices.tags) : offer ? offeredRuleValue(offer) : null;
  return { rules, choices, draft: prefilled, deleting: rules.find((rule) => rule.id === deleteId) ?? null, submissionKey: newSubmissionKey() };
}

/** Starts a run on the user's past transactions and sends them to its page, where it shows once done. */
async function runOnPast(userId: string, source: Parameters<typeof startRuleRun>[1], kind: Parameters<typeof startRuleRun>[2], submissionKey: string | null) {
  const started = await startRuleRun(userId, source, kind, submissionKey);
  if (!started.ok) throw data(RULE_MESSAGES.notFound, { status: 404 });
  await queueRuleRun(started.runId);
  return redirect(ruleRunPath(started.runId));
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request);
  const formData = await readForm(request);
  const ruleId = String(formData.get("ruleId") ?? "");
  switch (formData.get("intent")) {
    case RULE_INTENTS.add: {
      const { submission, input, fieldErrors } = parseRuleForm(formData, await ruleChoices(user.id, user.currency));
      if (!input) return data({ result: submission.reply(fieldErrors ? { fieldErrors } : undefined) }, { status: fieldErrors || submission.status === "error" ? 400 : 200 });
      if (formData.get("preview") !== null) return runOnPast(user.id, { draft: input }, "preview", submissionKeyOf(formData));
      const submissionKey = submissionKeyOf(formData);
      const added = await catchFailure("add rule", () => addRule(user.id, input, submissionKey));
      if (!added.ok) return data({ result: submission.reply({ formErrors: [RULE_MESSAGES.failed] }) }, { status: 503 });
      if (!added.value.ok) return data({ result: submission.reply({ formErrors: [added.value.reason === "too-many-tags" ? TAG_MESSAGES.tooMany : RULE_MESSAGES.tooMany] }) }, { status: 400 });
      if (formData.get("applyToPast") !== null) return runOnPast(user.id, { ruleId: added.value.rule.id }, "apply", submissionKeyOf(formData));
      await queueRuleCount(user.id);
      return redirectWithToast(RULES_PATH, { type: "success", message: RULE_MESSAGES.added });
    }
    case RULE_INTENTS.preview:
      return runOnPast(user.id, { ruleId }, "preview", null);
    case RULE_INTENTS.move: {
      const direction = formData.get("direction");
      if (direction !== "up" && direction !== "down") return data("Unknown direction.", { status: 400 });
      if (!(await moveRule(user.id, ruleId, direction))) throw data(RULE_MESSAGES.notFound, { status: 404 });
      return redirect(RULES_PATH);
    }
    case RULE_INTENTS.delete: {
      if (!(await deleteRule(user.id, ruleId))) throw data(RULE_MESSAGES.notFound, { status: 404 });
      await queueRuleCount(user.id);
      return redirectWithToast(RULES_PATH, { type: "success", message: RULE_MESSAGES.deleted });
    }
    default:
      throw unknownForm();
  }
}

export const handle: PageHandle = { title: "Rules" };

export default function RulesPage() {
  const { rules, choices, draft, deleting, submissionKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const lastResult = actionData && typeof actionData === "object" ? actionData.result : undefined;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <SectionCard title="Rules" description="Rules fill in new transactions for you, from the form, a bank file or a linked bank. They run in this order; a later rule's category replaces an earlier one's.">
        <RuleList rules={rules} deleting={deleting} />
      </SectionCard>
      <SectionCard title="Add a rule">
        <RuleForm
          key={actionData ? "answered" : location.key}
          action={RULES_PATH}
          intent={RULE_INTENTS.add}
          defaultValue={draft ?? ruleFormValue()}
          choices={choices}
          lastResult={lastResult}
          submissionKey={submissionKey}
          submitLabel="Add rule"
          previewable
        />
      </SectionCard>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Rules | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
