import { centsToInput, toCents } from "~/lib/money";
import type { AccountChoice, CategoryChoice } from "~/features/transactions/transactions";
import type { TagItem } from "~/features/tags/tags";
import { tagNameMap } from "~/features/tags/tag-names";
import { newTagName, RULE_NAME_MAX_LENGTH, type Rule, type RuleAction, type RuleCondition, type RuleNames } from "./rules";

/**
 * The rule form's fields (each condition and action a row of a choice and its text) without the schema that
 * reads them (schema.ts, loaded on first use): what the page renders and starts from.
 */
type FormRow = { what: string; value: string; upTo: string; parts: Array<{ categoryId: string; share: string }> };
export type RuleFormValue = { name: string; match: "all" | "any"; conditions: FormRow[]; actions: FormRow[] };

/** What the form offers: the user's categories, open accounts and tags, and the currency amounts are typed in. */
export type RuleChoices = { categories: readonly CategoryChoice[]; accounts: readonly AccountChoice[]; tags: readonly TagItem[]; currency: string };

const EMPTY_ROW: FormRow = { what: "", value: "", upTo: "", parts: [] };
export const EMPTY_CONDITION = { ...EMPTY_ROW, what: "description:contains" };
export const EMPTY_ACTION = { ...EMPTY_ROW, what: "" };
export const EMPTY_PART = { categoryId: "", share: "" };

function conditionRow(condition: RuleCondition): FormRow {
  switch (condition.field) {
    case "description":
      return { ...EMPTY_ROW, what: `description:${condition.operator}`, value: condition.text };
    case "amount":
      return {
        ...EMPTY_ROW,
        what: `amount:${condition.operator}`,
        value: centsToInput(toCents(condition.cents), condition.currency),
        upTo: condition.upTo === undefined ? "" : centsToInput(toCents(condition.upTo), condition.currency),
      };
    case "type":
      return { ...EMPTY_ROW, what: `type:${condition.type}` };
    case "account":
      return { ...EMPTY_ROW, what: `account:${condition.accountId}` };
    case "date":
      return { ...EMPTY_ROW, what: condition.from ? "date:from" : "date:to", value: condition.from ?? condition.to ?? "" };
  }
}

function actionRow(action: RuleAction, tagName: (tagId: string) => string | null): FormRow {
  switch (action.kind) {
    case "set-category":
      return { ...EMPTY_ROW, what: `category:${action.categoryId}` };
    case "rename":
      return { ...EMPTY_ROW, what: "rename", value: action.description };
    case "add-tags":
      return { ...EMPTY_ROW, what: "tags", value: action.tagIds.flatMap((tagId) => tagName(tagId) ?? []).join(", ") };
    case "transfer":
      return { ...EMPTY_ROW, what: `transfer:${action.accountId}` };
    case "split":
      return {
        ...EMPTY_ROW,
        what: "split",
        parts: action.parts.map((part) => ({
          categoryId: part.categoryId,
          share: "rest" in part ? "rest" : "percent" in part ? `${part.percent}%` : centsToInput(toCents(part.cents), action.currency),
        })),
      };
  }
}

/** The form's fields for a stored rule (to edit it, its tags named from `tags`), or for a new one: a description condition and an action to choose. */
export function ruleFormValue(rule?: Pick<Rule, "name" | "match" | "conditions" | "actions">, tags: readonly TagItem[] = []): RuleFormValue {
  if (!rule) return { name: "", match: "all", conditions: [EMPTY_CONDITION], actions: [EMPTY_ACTION] };
  const tagNames = tagNameMap(tags);
  const named = (tagId: string) => tagNames.get(tagId) ?? newTagName(tagId);
  return {
    name: rule.name,
    match: rule.match,
    conditions: rule.conditions.map(conditionRow),
    actions: rule.actions.map((action) => actionRow(action, named)),
  };
}

/** Names for the ids a rule holds, from what the form offers; a tag a preview's rule would add by its own name. */
export function ruleNames(choices: RuleChoices): RuleNames {
  const categoryNames = new Map(choices.categories.map((category) => [category.id, category.name]));
  const accountNames = new Map(choices.accounts.map((account) => [account.id, account.name]));
  const tagNames = tagNameMap(choices.tags);
  return {
    category: (categoryId) => categoryNames.get(categoryId) ?? "a deleted category",
    account: (accountId) => accountNames.get(accountId) ?? "a closed account",
    tag: (tagId) => tagNames.get(tagId) ?? newTagName(tagId) ?? "a deleted tag",
  };
}

/** The add form filled in with an offered rule: the description the user categorised twice, and its category. */
export function offeredRuleValue(offer: { description: string; categoryId: string }): RuleFormValue {
  const description = offer.description.trim();
  return {
    name: description.slice(0, RULE_NAME_MAX_LENGTH),
    match: "all",
    conditions: [{ ...EMPTY_ROW, what: "description:equals", value: description }],
    actions: [{ ...EMPTY_ROW, what: `category:${offer.categoryId}` }],
  };
}
