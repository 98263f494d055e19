import * as z from "zod/mini";
import { parseAmountToCents } from "~/lib/money";
import { isIsoDate } from "~/lib/month";
import { DESCRIPTION_MAX_LENGTH } from "~/features/transactions/transactions";
import type { RuleChoices, RuleFormValue } from "./rule-form-value";
import { isWholeSplit, RULE_MESSAGES, RULE_NAME_MAX_LENGTH, MAX_RULE_LINES, TEXT_OPERATORS, AMOUNT_OPERATORS, type RuleActionDraft, type RuleCondition, type RuleDraft, type SplitPart } from "./rules";
import { parseTagNames } from "~/features/tags/tags";

/**
 * The rule form, as posted: each condition and action is a row of a choice (`what`) and the text it takes
 * (`value`; `upTo` for "between"; a split's `parts`). The choices that need an account or a category carry
 * its id ("account:<id>", "category:<id>"), so every row is one select and one text field, with or without
 * JavaScript.
 */
const row = z.object({
  what: z._default(z.string().check(z.trim()), ""),
  value: z._default(z.string().check(z.trim()), ""),
  upTo: z._default(z.string().check(z.trim()), ""),
  parts: z._default(z.array(z.object({ categoryId: z._default(z.string(), ""), share: z._default(z.string().check(z.trim()), "") })), []),
});

export const ruleFormSchema = z.object({
  name: z.string({ error: RULE_MESSAGES.nameRequired }).check(z.trim(), z.minLength(1, { error: RULE_MESSAGES.nameRequired }), z.maxLength(RULE_NAME_MAX_LENGTH, { error: RULE_MESSAGES.nameTooLong })),
  match: z._default(z.enum(["all", "any"]), "all"),
  conditions: z._default(z.array(row).check(z.maxLength(MAX_RULE_LINES)), []),
  actions: z._default(z.array(row).check(z.maxLength(MAX_RULE_LINES)), []),
});

type Row = RuleFormValue["conditions"][number];

export type RuleReading = { ok: true; input: RuleDraft } | { ok: false; fieldErrors: Record<string, string[]> };

/** "account:abc" → ["account", "abc"]; "rename" → ["rename", ""]. */
function choiceOf(what: string) {
  const colon = what.indexOf(":");
  return colon === -1 ? [what, ""] : [what.slice(0, colon), what.slice(colon + 1)];
}

function conditionOf(condition: Row, choices: RuleChoices, fail: (field: string, message: string) => null): RuleCondition | null {
  const [field, choice] = choiceOf(condition.what);
  switch (field) {
    case "description": {
      if (!(TEXT_OPERATORS as readonly string[]).includes(choice)) return fail("what", RULE_MESSAGES.unknownChoice);
      if (condition.value === "") return fail("value", RULE_MESSAGES.textRequired);
      if (condition.value.length > DESCRIPTION_MAX_LENGTH) return fail("value", RULE_MESSAGES.textTooLong);
      return { field: "description", operator: choice as (typeof TEXT_OPERATORS)[number], text: condition.value };
    }
    case "amount": {
      if (!(AMOUNT_OPERATORS as readonly string[]).includes(choice)) return fail("what", RULE_MESSAGES.unknownChoice);
      const cents = parseAmountToCents(condition.value, choices.currency);
      if (cents === null || cents < 0) return fail("value", RULE_MESSAGES.invalidAmount);
      if (choice !== "between") return { field: "amount", operator: choice as "equals" | "above" | "below", cents, currency: choices.currency };
      const upTo = parseAmountToCents(condition.upTo, choices.currency);
      if (upTo === null || upTo < cents) return fail("upTo", RULE_MESSAGES.upToBelow);
      return { field: "amount", operator: "between", cents, upTo, currency: choices.currency };
    }
    case "type":
      return choice === "income" || choice === "expense" ? { field: "type", type: choice } : fail("what", RULE_MESSAGES.unknownChoice);
    case "account":
      return choices.accounts.some((account) => account.id === choice) ? { field: "account", accountId: choice } : fail("what", RULE_MESSAGES.unknownChoice);
    case "date":
      if (choice !== "from" && choice !== "to") return fail("what", RULE_MESSAGES.unknownChoice);
      if (!isIsoDate(condition.value)) return fail("value", RULE_MESSAGES.invalidDate);
      return { field: "date", from: choice === "from" ? condition.value : null, to: choice === "to" ? condition.value : null };
    default:
      return fail("what", RULE_MESSAGES.unknownChoice);
  }
}

/** A part's share as typed: "60%", "12.50", or "rest". */
function partOf(categoryId: string, share: string, currency: string): SplitPart | null {
  if (/^rest$/i.test(share)) return { categoryId, rest: true };
  const percent = /^(\d+(?:\.\d{1,2})?)\s*%$/.exec(share);
  if (percent) return { categoryId, percent: Number(percent[1]) };
  const cents = parseAmountToCents(share, currency);
  return cents === null || cents <= 0 ? null : { categoryId, cents };
}

function actionOf(action: Row, choices: RuleChoices, fail: (field: string, message: string) => null): RuleActionDraft | null {
  const [kind, choice] = choiceOf(action.what);
  switch (kind) {
    case "category":
      return choices.categories.some((category) => category.id === choice) ? { kind: "set-category", categoryId: choice } : fail("what", RULE_MESSAGES.unknownChoice);
    case "rename":
      if (action.value === "") return fail("value", RULE_MESSAGES.renameRequired);
      if (action.value.length > DESCRIPTION_MAX_LENGTH) return fail("value", RULE_MESSAGES.textTooLong);
      return { kind: "rename", description: action.value };
    case "tags": {
      const parsed = parseTagNames(action.value);
      if (!parsed.ok) return fail("value", parsed.message);
      return parsed.names.length > 0 ? { kind: "add-tags", tagNames: parsed.names } : fail("value", RULE_MESSAGES.tagsRequired);
    }
    case "transfer":
      return choices.accounts.some((account) => account.id === choice) ? { kind: "transfer", accountId: choice } : fail("what", RULE_MESSAGES.unknownChoice);
    case "split": {
      const expense = new Set(choices.categories.filter((category) => category.type === "expense").map((category) => category.id));
      const parts = action.parts.map((part) => (expense.has(part.categoryId) ? partOf(part.categoryId, part.share, choices.currency) : null));
      if (parts.some((part) => part === null)) return fail("parts", RULE_MESSAGES.splitParts);
      const split = parts as SplitPart[];
      if (!isWholeSplit(split)) return fail("parts", RULE_MESSAGES.splitParts);
      return { kind: "split", parts: split, currency: choices.currency };
    }
    default:
      return fail("what", RULE_MESSAGES.unknownChoice);
  }
}

/** The rule the form describes, or the message of each row that cannot be read, under its field. */
export function readRuleForm(value: RuleFormValue, choices: RuleChoices): RuleReading {
  const fieldErrors: Record<string, string[]> = {};
  const failAt = (path: string) => (field: string, message: string) => {
    fieldErrors[`${path}.${field}`] = [message];
    return null;
  };
  const conditions = value.conditions.map((condition, index) => conditionOf(condition, choices, failAt(`conditions[${index}]`)));
  const actions = value.actions.map((action, index) => actionOf(action, choices, failAt(`actions[${index}]`)));
  if (value.conditions.length === 0) fieldErrors.conditions = [RULE_MESSAGES.conditionRequired];
  if (value.actions.length === 0) fieldErrors.actions = [RULE_MESSAGES.actionRequired];
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, input: { name: value.name, match: value.match, conditions: conditions as RuleCondition[], actions: actions as RuleActionDraft[] } };
}
