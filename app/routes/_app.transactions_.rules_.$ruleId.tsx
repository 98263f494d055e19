import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SectionCard } from "~/components/ui/section-card";
import { requireUser } from "~/features/auth/auth.server";
import { RuleForm } from "~/features/rules/components/rule-form";
import { parseRuleForm } from "~/features/rules/rule-form.server";
import { RULE_EDIT_TITLE_ID, RULE_INTENTS, RULE_MESSAGES, ruleEditPath, RULES_PATH } from "~/features/rules/rules";
import { getRule, ruleChoices, updateRule } from "~/features/rules/rules.server";
import { ruleFormValue } from "~/features/rules/rule-form-value";
import { TAG_MESSAGES } from "~/features/tags/tags";
import { queueRuleCount } from "~/integrations/jobs.server";
import { catchFailure, unknownForm } from "~/utils/action-failure.server";
import { redirectWithToast } from "~/utils/flash.server";
import { readForm } from "~/utils/form-body.server";
import type { PageHandle } from "~/utils/page-title";
import { requireSameOrigin } from "~/utils/security.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const rule = await getRule(user.id, params.ruleId ?? "");
  if (!rule) throw data(RULE_MESSAGES.notFound, { status: 404 });
  return { rule, choices: await ruleChoices(user.id, user.currency) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request);
  const ruleId = params.ruleId ?? "";
  if (!(await getRule(user.id, ruleId))) throw data(RULE_MESSAGES.notFound, { status: 404 });
  const formData = await readForm(request);
  if (formData.get("intent") !== RULE_INTENTS.save) throw unknownForm();
  const { submission, input, fieldErrors } = parseRuleForm(formData, await ruleChoices(user.id, user.currency));
  if (!input) return data({ result: submission.reply(fieldErrors ? { fieldErrors } : undefined) }, { status: fieldErrors || submission.status === "error" ? 400 : 200 });
  const saved = await catchFailure("save rule", () => updateRule(user.id, ruleId, input));
  if (!saved.ok) return data({ result: submission.reply({ formErrors: [RULE_MESSAGES.failed] }) }, { status: 503 });
  if (!saved.value.ok && saved.value.reason === "too-many-tags") return data({ result: submission.reply({ formErrors: [TAG_MESSAGES.tooMany] }) }, { status: 400 });
  if (!saved.value.ok) throw data(RULE_MESSAGES.notFound, { status: 404 });
  await queueRuleCount(user.id);
  return redirectWithToast(RULES_PATH, { type: "success", message: RULE_MESSAGES.saved });
}

export const handle: PageHandle = { title: "Edit rule" };

export default function EditRulePage() {
  const { rule, choices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <SectionCard title={`Edit rule: ${rule.name}`} targetId={RULE_EDIT_TITLE_ID}>
        <RuleForm action={ruleEditPath(rule.id)} intent={RULE_INTENTS.save} defaultValue={ruleFormValue(rule, choices.tags)} choices={choices} lastResult={actionData?.result} submitLabel="Save rule" />
        <Link to={RULES_PATH} className="text-sm font-semibold text-brand-700 hover:underline">
          Back to rules
        </Link>
      </SectionCard>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit rule | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
