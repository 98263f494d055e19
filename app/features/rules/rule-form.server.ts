import { parseWithZod } from "@conform-to/zod/v4";
import type { RuleChoices } from "./rule-form-value";
import { readRuleForm, ruleFormSchema } from "./schema";

/**
 * The rule form as the actions read it: `input` the rule when every row can be read; otherwise the
 * submission to answer with (a list intent's new rows, or each row's message under it).
 */
export function parseRuleForm(formData: FormData, choices: RuleChoices) {
  const submission = parseWithZod(formData, { schema: ruleFormSchema });
  if (submission.status !== "success") return { submission, input: null, fieldErrors: null };
  const read = readRuleForm(submission.value, choices);
  return read.ok ? { submission, input: read.input, fieldErrors: null } : { submission, input: null, fieldErrors: read.fieldErrors };
}
