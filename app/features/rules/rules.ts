import { SPLIT_CATEGORY, TRANSFER_CATEGORY, type CategoryType } from "~/features/categories/categories";
import { formatMoney, toCents } from "~/lib/money";
import { comparable } from "~/lib/text";
import { isSplitPartCategory, MIN_SPLIT_PARTS, type Allocation, type TransactionType } from "~/features/transactions/transactions";

/**
 * Rules that fill in a transaction the way its user would: conditions on what the bank wrote (its
 * description, amount, way, account and date), combined with all or any, and actions (a category, a clean
 * name, tags, a transfer, a split). Pure: the data layer reads the rules and writes through the ledger.
 *
 * Rules run in the user's order, each on what the ones before it made (a rule that cleans "AMZN MKTP
 * US*2K4" into "Amazon" lets the next match "Amazon"); for one field a later rule's action replaces an
 * earlier one's, tags add up. One rule applied to its own result changes nothing more.
 */

export const RULE_MESSAGES = {
  nameRequired: "Please name the rule.",
  nameTooLong: "The name can be at most 80 characters.",
  conditionRequired: "Add at least one condition.",
  actionRequired: "Add at least one action.",
  unknownChoice: "Choose one of the options.",
  textRequired: "Type the text to look for.",
  textTooLong: "The text can be at most 500 characters.",
  invalidAmount: "Please enter a valid amount.",
  upToBelow: "Enter the upper amount, at least the lower one.",
  invalidDate: "Please enter a date as YYYY-MM-DD.",
  renameRequired: "Type the name to give the transactions.",
  tagsRequired: "Type at least one tag; separate tags with commas.",
  splitParts: "A split needs two parts or more, each an expense category with an amount (12.50), a percentage (60%) or “rest”: percentages alone make 100%, and fixed amounts need one “rest” part.",
  tooMany: "You have 200 rules, the most there can be. Delete one to add another.",
  notFound: "This rule was not found.",
  added: "Rule added",
  saved: "Rule saved",
  deleted: "Rule deleted",
  failed: "The rule could not be saved. Please try again.",
  runNotFound: "This preview was not found.",
  runFailed: "The rule could not be run on your transactions. Please try again.",
  tooManyToApply: (count: number, most: number) =>
    `This rule would change ${count.toLocaleString("en-US")} transactions, more than ${most.toLocaleString("en-US")} at once. Narrow it (a date or an account condition) and apply it again.`,
} as const;

export const RULE_NAME_MAX_LENGTH = 80;
/** Conditions and actions of one rule, each. */
export const MAX_RULE_LINES = 10;

export const RULES_PATH = "/transactions/rules";
export const RULE_INTENTS = { add: "add-rule", save: "save-rule", move: "move-rule", delete: "delete-rule", preview: "preview-rule", apply: "apply-rule", undo: "undo-rule" } as const;
export const ruleEditPath = (ruleId: string) => `${RULES_PATH}/${ruleId}`;
/** The edit page's title: links to the page aim at it (`#edit-rule-title`), so it takes focus. */
export const RULE_EDIT_TITLE_ID = "edit-rule-title";
export const ruleRunPath = (runId: string) => `${RULES_PATH}/runs/${runId}`;
/** The transactions page's parameter that names a transaction whose categorising may make a rule worth offering. */
export const SUGGEST_PARAM = "suggest";
/** The rules page with the add form filled in with the rule offered after the user categorised a transaction twice. */
export const offeredRulePath = (transactionId: string) => `${RULES_PATH}?${new URLSearchParams({ from: transactionId })}`;
/** The rules page with the add form filled in with a previewed rule's draft. */
export const ruleDraftPath = (runId: string) => `${RULES_PATH}?${new URLSearchParams({ draft: runId })}`;

export const TEXT_OPERATORS = ["contains", "equals", "starts-with", "matches"] as const;
export type TextOperator = (typeof TEXT_OPERATORS)[number];
export const AMOUNT_OPERATORS = ["equals", "above", "below", "between"] as const;
export type AmountOperator = (typeof AMOUNT_OPERATORS)[number];

export type RuleCondition =
  | { field: "description"; operator: TextOperator; text: string }
  /** Unsigned minor units of `currency`: only transactions of accounts in it can match. `upTo` (inclusive) only for "between". */
  | { field: "amount"; operator: AmountOperator; cents: number; upTo?: number; currency: string }
  | { field: "type"; type: TransactionType }
  | { field: "account"; accountId: string }
  /** Inclusive ISO days; either end may be open. */
  | { field: "date"; from: string | null; to: string | null };

/** A split's part: a fixed amount, a percentage of the amount, or what is left after the fixed parts. */
export type SplitPart = { categoryId: string } & ({ cents: number } | { percent: number } | { rest: true });

export type RuleAction =
  | { kind: "set-category"; categoryId: string }
  | { kind: "rename"; description: string }
  /** Ids of the user's tags. */
  | { kind: "add-tags"; tagIds: string[] }
  | { kind: "transfer"; accountId: string }
  /** Fixed parts are minor units of `currency`: such a split applies only to transactions in it. */
  | { kind: "split"; parts: SplitPart[]; currency: string };

export type Rule = { id: string; name: string; match: "all" | "any"; conditions: RuleCondition[]; actions: RuleAction[] };

/** An action as the form reads it: tags by name (new names become tags when the rule is saved). */
export type RuleActionDraft = Exclude<RuleAction, { kind: "add-tags" }> | { kind: "add-tags"; tagNames: string[] };
/** A rule as the form reads it, before its tags' names are the user's tags. */
export type RuleDraft = Omit<Rule, "id" | "actions"> & { actions: RuleActionDraft[] };

/** What rules read and fill in of a transaction. */
export type RuleSubject = {
  description: string;
  /** Unsigned minor units of `currency`, its account's. */
  amount: number;
  currency: string;
  type: TransactionType;
  accountId: string;
  date: string;
  category: string;
  /** Ids of its tags. */
  tagIds: string[];
  allocations: Allocation[];
  /** The account of a transfer's other side, set with the transfer category. */
  transferAccountId: string | null;
};

/** What the rules may not know alone: whether a category takes transactions of a way (an expense is never booked on an income category). */
export type RuleContext = { categoryType: (categoryId: string) => CategoryType | null };

/** The context of a user's categories. */
export function contextOf(categories: ReadonlyArray<{ id: string; type: CategoryType }>): RuleContext {
  const types = new Map(categories.map((category) => [category.id, category.type]));
  return { categoryType: (categoryId) => types.get(categoryId) ?? null };
}

/**
 * Whether `text` fits `pattern`, in which "*" stands for any text and "?" for one character, the whole text
 * matched. A wildcard, not a regular expression: a user's pattern can never make the server backtrack for
 * long (this runs in time proportional to the two lengths multiplied, at worst).
 */
export function wildcardMatches(pattern: string, text: string) {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && (pattern[p] === "?" || pattern[p] === text[t])) {
      p += 1;
      t += 1;
    } else if (p < pattern.length && pattern[p] === "*") {
      star = p;
      resume = t;
      p += 1;
    } else if (star !== -1) {
      p = star + 1;
      resume += 1;
      t = resume;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === "*") p += 1;
  return p === pattern.length;
}

/**
 * The comparable form of texts, kept: the rules run on every row of an import, each condition against the
 * same few descriptions, and normalising the text is most of a condition's cost. The wanted texts are few;
 * the description is the last one asked for (one transaction's rules run one after another).
 */
const MAX_KEPT_WANTED_TEXTS = 10_000;
const comparableWanted = new Map<string, string>();
let lastDescription = { text: "", comparable: "" };
function comparableOnce(wanted: string) {
  let known = comparableWanted.get(wanted);
  if (known === undefined) {
    if (comparableWanted.size >= MAX_KEPT_WANTED_TEXTS) comparableWanted.clear();
    known = comparable(wanted);
    comparableWanted.set(wanted, known);
  }
  return known;
}

function textFits(operator: TextOperator, wanted: string, description: string) {
  if (lastDescription.text !== description) lastDescription = { text: description, comparable: comparable(description) };
  const have = lastDescription.comparable;
  const want = comparableOnce(wanted);
  switch (operator) {
    case "contains":
      return have.includes(want);
    case "equals":
      return have === want;
    case "starts-with":
      return have.startsWith(want);
    case "matches":
      return wildcardMatches(want, have);
  }
}

function amountFits(condition: Extract<RuleCondition, { field: "amount" }>, amount: number) {
  switch (condition.operator) {
    case "equals":
      return amount === condition.cents;
    case "above":
      return amount > condition.cents;
    case "below":
      return amount < condition.cents;
    case "between":
      return amount >= condition.cents && amount <= (condition.upTo ?? condition.cents);
  }
}

export function conditionHolds(condition: RuleCondition, subject: RuleSubject) {
  switch (condition.field) {
    case "description":
      return textFits(condition.operator, condition.text, subject.description);
    case "amount":
      return subject.currency === condition.currency && amountFits(condition, subject.amount);
    case "type":
      return subject.type === condition.type;
    case "account":
      return subject.accountId === condition.accountId;
    case "date":
      return (condition.from === null || subject.date >= condition.from) && (condition.to === null || subject.date <= condition.to);
  }
}

/** Whether the rule's conditions hold for the transaction: every one ("all") or one at least ("any"). A rule without conditions matches nothing. */
export function ruleMatches(rule: Pick<Rule, "match" | "conditions">, subject: RuleSubject) {
  if (rule.conditions.length === 0) return false;
  return rule.match === "all" ? rule.conditions.every((condition) => conditionHolds(condition, subject)) : rule.conditions.some((condition) => conditionHolds(condition, subject));
}

/**
 * A split's parts in minor units of `amount`: fixed parts as written, percentages of the amount (the cents
 * rounding leaves going to the largest remainders, so the parts always add up), the "rest" part what is left.
 * Null when they cannot make `amount` exactly: fixed parts above it, percentages not adding to 100 without a
 * rest part, a part of nothing, fewer than two parts.
 */
export function splitAmounts(parts: SplitPart[], amount: number): Allocation[] | null {
  if (parts.length < MIN_SPLIT_PARTS) return null;
  const shares = parts.map((part) => ("cents" in part ? part.cents : 0));
  const percents = parts.map((part) => ("percent" in part ? part.percent : 0));
  const restIndex = parts.findIndex((part) => "rest" in part);
  const byPercent = percents.map((percent) => (amount * percent) / 100);
  const floors = byPercent.map(Math.floor);
  parts.forEach((part, index) => {
    if ("percent" in part) shares[index] = floors[index];
  });
  const percentTotal = percents.reduce((sum, percent) => sum + percent, 0);
  if (restIndex === -1 && percentTotal === 100) {
    let left = amount - shares.reduce((sum, share) => sum + share, 0);
    const order = parts
      .map((_, index) => index)
      .filter((index) => "percent" in parts[index])
      .sort((a, b) => byPercent[b] - floors[b] - (byPercent[a] - floors[a]) || a - b);
    for (const index of order) {
      if (left <= 0) break;
      shares[index] += 1;
      left -= 1;
    }
  }
  if (restIndex !== -1) shares[restIndex] = amount - shares.reduce((sum, share) => sum + share, 0);
  if (shares.some((share) => share < 1) || shares.reduce((sum, share) => sum + share, 0) !== amount) return null;
  return parts.map((part, index) => ({ categoryId: part.categoryId, amount: shares[index] }));
}

/**
 * Whether split parts make any amount exactly: two or more, at most one "rest"; percentages alone add to 100,
 * below it with a rest part; fixed amounts only with a rest part (alone they would fit one amount).
 */
export function isWholeSplit(parts: SplitPart[]) {
  const rests = parts.filter((part) => "rest" in part).length;
  const percent = parts.reduce((sum, part) => sum + ("percent" in part ? part.percent : 0), 0);
  const fixed = parts.some((part) => "cents" in part);
  if (parts.length < MIN_SPLIT_PARTS || rests > 1) return false;
  return rests === 1 ? percent < 100 : !fixed && Math.abs(percent - 100) < 1e-9;
}

/** The transaction with one action done; unchanged when the action cannot apply to it (a category of the other way, a split that does not add up, a transfer into its own account). */
function act(subject: RuleSubject, action: RuleAction, context: RuleContext): RuleSubject {
  switch (action.kind) {
    case "set-category":
      if (context.categoryType(action.categoryId) !== subject.type) return subject;
      return { ...subject, category: action.categoryId, allocations: [], transferAccountId: null };
    case "rename":
      return { ...subject, description: action.description };
    case "add-tags": {
      const added = action.tagIds.filter((tagId) => !subject.tagIds.includes(tagId));
      return added.length === 0 ? subject : { ...subject, tagIds: [...subject.tagIds, ...added] };
    }
    case "transfer":
      if (action.accountId === subject.accountId) return subject;
      return { ...subject, category: TRANSFER_CATEGORY, allocations: [], transferAccountId: action.accountId };
    case "split": {
      const fixedElsewhere = action.parts.some((part) => "cents" in part) && action.currency !== subject.currency;
      const parts = !fixedElsewhere && subject.type === "expense" && action.parts.every((part) => isSplitPartCategory(part.categoryId) && context.categoryType(part.categoryId) === "expense");
      const allocations = parts ? splitAmounts(action.parts, subject.amount) : null;
      if (!allocations) return subject;
      return { ...subject, category: SPLIT_CATEGORY, allocations, transferAccountId: null };
    }
  }
}

/** One rule on one transaction: its actions in order when it matches, the transaction as it was otherwise. */
export function applyRule(rule: Rule, subject: RuleSubject, context: RuleContext): RuleSubject {
  if (!ruleMatches(rule, subject)) return subject;
  return rule.actions.reduce((current, action) => act(current, action, context), subject);
}

/** The rules, in the user's order, on one transaction: what it becomes and the ids of the rules that matched. */
export function applyRules(rules: readonly Rule[], subject: RuleSubject, context: RuleContext): { result: RuleSubject; matched: string[] } {
  const matched: string[] = [];
  let result = subject;
  for (const rule of rules) {
    if (!ruleMatches(rule, result)) continue;
    matched.push(rule.id);
    result = applyRule(rule, result, context);
  }
  return { result, matched };
}

/** The fields a rule changed, for a preview and for the ledger's update: only what differs. */
export function changesOf(before: RuleSubject, after: RuleSubject): Partial<Pick<RuleSubject, "description" | "category" | "tagIds" | "allocations" | "transferAccountId">> {
  const changes: ReturnType<typeof changesOf> = {};
  if (after.description !== before.description) changes.description = after.description;
  if (after.category !== before.category) changes.category = after.category;
  if (after.tagIds.join(",") !== before.tagIds.join(",")) changes.tagIds = after.tagIds;
  if (JSON.stringify(after.allocations) !== JSON.stringify(before.allocations)) changes.allocations = after.allocations;
  if (after.transferAccountId !== before.transferAccountId) changes.transferAccountId = after.transferAccountId;
  return changes;
}

/** A tag a form's rule would add that the user has no tag of yet (a preview creates none): `new:<name>`. */
const NEW_TAG = "new:";
export const newTagId = (name: string) => `${NEW_TAG}${name}`;
/** The name of a tag a preview's rule would add, or null for one of the user's tags. */
export function newTagName(tagId: string) {
  return tagId.startsWith(NEW_TAG) ? tagId.slice(NEW_TAG.length) : null;
}

/** One application to past transactions changes at most this many: what they were before stays one document, to undo. */
export const MAX_APPLIED = 10_000;

/** What a rule run on past transactions may change of one: its category, name, tags and split. */
export type RuledFields = Partial<Pick<RuleSubject, "category" | "description" | "tagIds" | "allocations">>;

/**
 * One rule on a past transaction: the fields it changes, as they were and as they become; null when its
 * conditions do not hold or it changes nothing. A transfer action is for new transactions only (making the
 * other side of an old one would count money twice where the bank already sent it): the rule's other
 * actions still apply.
 */
export function pastChange(rule: Rule, subject: RuleSubject, context: RuleContext): { before: RuledFields; after: RuledFields } | null {
  if (!ruleMatches(rule, subject)) return null;
  const result = applyRule({ ...rule, actions: rule.actions.filter((action) => action.kind !== "transfer") }, subject, context);
  const { transferAccountId: _transfer, ...after } = changesOf(subject, result);
  if (Object.keys(after).length === 0) return null;
  const before: RuledFields = {};
  for (const field of Object.keys(after) as Array<keyof RuledFields>) Object.assign(before, { [field]: subject[field] });
  return { before, after };
}

const TEXT_WORDS: Record<TextOperator, string> = { contains: "contains", equals: "is", "starts-with": "starts with", matches: "matches" };

/** Names for the ids a rule holds, as the user knows them. */
export type RuleNames = { category: (categoryId: string) => string; account: (accountId: string) => string; tag: (tagId: string) => string };

export function describeCondition(condition: RuleCondition, names: RuleNames) {
  switch (condition.field) {
    case "description":
      return `the description ${TEXT_WORDS[condition.operator]} “${condition.text}”`;
    case "amount": {
      const money = (cents: number) => formatMoney(toCents(cents), condition.currency);
      if (condition.operator === "between") return `the amount is between ${money(condition.cents)} and ${money(condition.upTo ?? condition.cents)}`;
      return `the amount is ${condition.operator === "equals" ? "" : `${condition.operator} `}${money(condition.cents)}`;
    }
    case "type":
      return condition.type === "expense" ? "it is an expense" : "it is income";
    case "account":
      return `the account is ${names.account(condition.accountId)}`;
    case "date":
      return condition.from ? `the date is on or after ${condition.from}` : `the date is on or before ${condition.to}`;
  }
}

function describePart(part: SplitPart, currency: string, names: RuleNames) {
  const share = "rest" in part ? "the rest" : "percent" in part ? `${part.percent}%` : formatMoney(toCents(part.cents), currency);
  return `${share} to ${names.category(part.categoryId)}`;
}

export function describeAction(action: RuleAction, names: RuleNames) {
  switch (action.kind) {
    case "set-category":
      return `set the category to ${names.category(action.categoryId)}`;
    case "rename":
      return `rename to “${action.description}”`;
    case "add-tags":
      return `add the tag${action.tagIds.length === 1 ? "" : "s"} ${action.tagIds.map(names.tag).join(", ")}`;
    case "transfer":
      return `make it a transfer with ${names.account(action.accountId)}`;
    case "split":
      return `split it: ${action.parts.map((part) => describePart(part, action.currency, names)).join(", ")}`;
  }
}

/** "If the description contains “tesco” and it is an expense: set the category to Food & Dining." */
export function describeRule(rule: Pick<Rule, "match" | "conditions" | "actions">, names: RuleNames) {
  const joiner = rule.match === "all" ? " and " : " or ";
  const conditions = rule.conditions.map((condition) => describeCondition(condition, names)).join(joiner);
  const actions = rule.actions.map((action) => describeAction(action, names)).join(", then ");
  return `If ${conditions}: ${actions || "nothing (its tags were deleted: edit it to choose an action)"}.`;
}
