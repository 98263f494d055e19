import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { data, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SectionCard } from "~/components/ui/section-card";
import { requireUser } from "~/features/auth/auth.server";
import { RuleRunPanel } from "~/features/rules/components/rule-run-panel";
import { ruleNames } from "~/features/rules/rule-form-value";
import { describeRule, RULE_INTENTS, RULE_MESSAGES, ruleRunPath } from "~/features/rules/rules";
import { getRuleRun, startRuleRun, startUndo } from "~/features/rules/rule-runs.server";
import { ruleChoices } from "~/features/rules/rules.server";
import { queueRuleRun } from "~/integrations/jobs.server";
import { unknownForm } from "~/utils/action-failure.server";
import { readForm } from "~/utils/form-body.server";
import type { PageHandle } from "~/utils/page-title";
import { requireSameOrigin } from "~/utils/security.server";
import { newSubmissionKey, submissionKeyOf } from "~/utils/submission.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const run = await getRuleRun(user.id, params.runId ?? "");
  if (!run) throw data(RULE_MESSAGES.runNotFound, { status: 404 });
  const choices = await ruleChoices(user.id, user.currency);
  return { run: { ...run, name: run.rule.name, description: describeRule(run.rule, ruleNames(choices)) }, choices, submissionKey: newSubmissionKey() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request);
  const runId = params.runId ?? "";
  const run = await getRuleRun(user.id, runId);
  if (!run) throw data(RULE_MESSAGES.runNotFound, { status: 404 });
  const formData = await readForm(request);
  switch (formData.get("intent")) {
    case RULE_INTENTS.apply: {
      if (!run.ruleId) throw unknownForm();
      const started = await startRuleRun(user.id, { ruleId: run.ruleId }, "apply", submissionKeyOf(formData));
      if (!started.ok) throw data(RULE_MESSAGES.notFound, { status: 404 });
      await queueRuleRun(started.runId);
      return redirect(ruleRunPath(started.runId));
    }
    case RULE_INTENTS.undo: {
      if (await startUndo(user.id, runId)) await queueRuleRun(runId);
      return redirect(ruleRunPath(runId));
    }
    default:
      throw unknownForm();
  }
}

export const handle: PageHandle = { title: "Rules" };

export default function RuleRunPage() {
  const { run, choices, submissionKey } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <SectionCard title={run.kind === "apply" ? `Apply “${run.name}” to past transactions` : `Preview of “${run.name}” on your transactions`}>
        <RuleRunPanel run={run} names={ruleNames(choices)} submissionKey={submissionKey} />
      </SectionCard>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Rules | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
