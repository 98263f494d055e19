import { Types } from "mongoose";
import { Rule as RuleModel, type RuleRecord } from "../../../models";
import { listAccountNames } from "~/features/accounts/accounts.server";
import { isDebtCategoryId, type Category } from "~/features/categories/categories";
import { getCategories } from "~/features/categories/categories.server";
import { submittedId } from "~/utils/submission.server";
import { applyRules, contextOf, describeRule, type Rule, type RuleAction, type RuleCondition, type RuleNames, type SplitPart } from "./rules";
import type { RuleChoices } from "./rule-form-value";

/** The stored rules of a user, the one data access that reads and writes them; the ledger writes what they change. */

/** A user has at most this many rules: each new transaction runs them all. */
export const MAX_RULES = 200;

export type RuleInput = Omit<Rule, "id">;
export type RuleSaved = { ok: true; rule: Rule } | { ok: false; reason: "not-found" | "too-many" };

function owner(userId: string) {
  return new Types.ObjectId(userId);
}

function conditionOf(stored: RuleRecord["conditions"][number]): RuleCondition {
  switch (stored.field) {
    case "description":
      return { field: "description", operator: stored.operator as Extract<RuleCondition, { field: "description" }>["operator"], text: stored.text ?? "" };
    case "amount":
      return {
        field: "amount",
        operator: stored.operator as Extract<RuleCondition, { field: "amount" }>["operator"],
        cents: stored.cents ?? 0,
        ...(stored.upTo != null && { upTo: stored.upTo }),
        currency: stored.currency ?? "USD",
      };
    case "type":
      return { field: "type", type: stored.type === "income" ? "income" : "expense" };
    case "account":
      return { field: "account", accountId: stored.accountId ?? "" };
    default:
      return { field: "date", from: stored.from ?? null, to: stored.to ?? null };
  }
}

function partOf(stored: { categoryId: string; cents?: number | null; percent?: number | null; rest?: boolean | null }): SplitPart {
  if (stored.rest) return { categoryId: stored.categoryId, rest: true };
  if (stored.percent != null) return { categoryId: stored.categoryId, percent: stored.percent };
  return { categoryId: stored.categoryId, cents: stored.cents ?? 0 };
}

function actionOf(stored: RuleRecord["actions"][number]): RuleAction {
  switch (stored.kind) {
    case "set-category":
      return { kind: "set-category", categoryId: stored.categoryId ?? "" };
    case "rename":
      return { kind: "rename", description: stored.description ?? "" };
    case "add-tags":
      return { kind: "add-tags", tags: stored.tags ?? [] };
    case "transfer":
      return { kind: "transfer", accountId: stored.accountId ?? "" };
    default:
      return { kind: "split", parts: (stored.parts ?? []).map(partOf), currency: stored.currency ?? "USD" };
  }
}

function ruleOf(stored: RuleRecord): Rule {
  return { id: stored._id.toString(), name: stored.name, match: stored.match === "any" ? "any" : "all", conditions: stored.conditions.map(conditionOf), actions: stored.actions.map(actionOf) };
}

/** The user's rules in the order they run. */
export async function listRules(userId: string): Promise<Rule[]> {
  const stored = await RuleModel.find({ userId: owner(userId) }).sort({ position: 1, _id: 1 }).lean<RuleRecord[]>();
  return stored.map(ruleOf);
}

export async function getRule(userId: string, ruleId: string): Promise<Rule | null> {
  if (!Types.ObjectId.isValid(ruleId)) return null;
  const stored = await RuleModel.findOne({ _id: ruleId, userId: owner(userId) }).lean<RuleRecord>();
  return stored ? ruleOf(stored) : null;
}

/**
 * A new rule runs after the user's others. With the form's one-time key its id follows from the key, so the
 * same form sent again answers with the rule the first one added and adds nothing.
 */
export async function addRule(userId: string, input: RuleInput, submissionKey?: string | null): Promise<RuleSaved> {
  const _id = submissionKey ? new Types.ObjectId(submittedId(userId, submissionKey, "rule")) : new Types.ObjectId();
  const sent = await RuleModel.findOne({ _id, userId: owner(userId) }).lean<RuleRecord>();
  if (sent) return { ok: true, rule: ruleOf(sent) };
  const count = await RuleModel.countDocuments({ userId: owner(userId) });
  if (count >= MAX_RULES) return { ok: false, reason: "too-many" };
  const last = await RuleModel.findOne({ userId: owner(userId) }).sort({ position: -1 }).select({ position: 1 }).lean<Pick<RuleRecord, "position">>();
  const created = await RuleModel.create({ _id, userId: owner(userId), ...input, position: (last?.position ?? 0) + 1 });
  return { ok: true, rule: ruleOf(created.toObject() as RuleRecord) };
}

export async function updateRule(userId: string, ruleId: string, input: RuleInput): Promise<RuleSaved> {
  if (!Types.ObjectId.isValid(ruleId)) return { ok: false, reason: "not-found" };
  const updated = await RuleModel.findOneAndUpdate({ _id: ruleId, userId: owner(userId) }, { $set: input }, { new: true, runValidators: true }).lean<RuleRecord>();
  return updated ? { ok: true, rule: ruleOf(updated) } : { ok: false, reason: "not-found" };
}

export async function deleteRule(userId: string, ruleId: string) {
  if (!Types.ObjectId.isValid(ruleId)) return false;
  const { deletedCount } = await RuleModel.deleteOne({ _id: ruleId, userId: owner(userId) });
  return deletedCount === 1;
}

/**
 * Moves a rule one place earlier or later in the order: it swaps positions with its neighbour. False when the
 * rule is not the user's; true (and nothing moves) at either end.
 */
export async function moveRule(userId: string, ruleId: string, direction: "up" | "down") {
  const rules = await RuleModel.find({ userId: owner(userId) }).sort({ position: 1, _id: 1 }).select({ position: 1 }).lean<Array<Pick<RuleRecord, "_id" | "position">>>();
  const index = rules.findIndex((rule) => rule._id.toString() === ruleId);
  if (index === -1) return false;
  const neighbour = rules[direction === "up" ? index - 1 : index + 1];
  if (!neighbour) return true;
  // Positions are renumbered in order first, so two rules that shared one (older data) swap too.
  const order = rules.map((rule) => rule._id);
  [order[index], order[rules.indexOf(neighbour)]] = [order[rules.indexOf(neighbour)], order[index]];
  await RuleModel.bulkWrite(order.map((_id, position) => ({ updateOne: { filter: { _id, userId: owner(userId) }, update: { $set: { position: position + 1 } } } })));
  return true;
}

/** What the rule form offers: the user's categories and open accounts; amounts are typed in `currency`. */
export async function ruleChoices(userId: string, currency: string): Promise<RuleChoices> {
  const [categories, accounts] = await Promise.all([getCategories(userId), listAccountNames(userId)]);
  return {
    categories: categories.filter((category) => !isDebtCategoryId(category.id)).map(({ id, name, type }) => ({ id, name, type })),
    accounts: accounts.filter((account) => !account.closed).map(({ id, name, currency: accountCurrency }) => ({ id, name, currency: accountCurrency })),
    currency,
  };
}

/** The user's rules in their order, each described in words with the names of its categories and accounts. */
export async function describedRules(userId: string, choices: RuleChoices) {
  const categoryNames = new Map(choices.categories.map((category) => [category.id, category.name]));
  const accountNames = new Map(choices.accounts.map((account) => [account.id, account.name]));
  const names: RuleNames = {
    category: (categoryId) => categoryNames.get(categoryId) ?? "a deleted category",
    account: (accountId) => accountNames.get(accountId) ?? "a closed account",
  };
  return (await listRules(userId)).map((rule) => ({ id: rule.id, name: rule.name, description: describeRule(rule, names) }));
}

/** What a new transaction is to the rules: its account's currency given apart. */
export type RuledEntry = { description: string; amount: number; type: "income" | "expense"; accountId: string; date: string; category: string };

/**
 * New transactions (an import's rows, a bank's) as the user's rules fill them in: a rule's category and name
 * are taken; a transfer or a split a rule would make is left to the user, on the transaction's page.
 * `ruleNames`: the rules that changed it. `categories` when the caller has read them already.
 */
export async function fillByRules<Entry extends RuledEntry>(userId: string, entries: Entry[], currencyOf: (accountId: string) => string, categories?: Category[]) {
  const rules = entries.length > 0 ? await listRules(userId) : [];
  if (rules.length === 0) return entries.map((entry) => ({ ...entry, ruleNames: [] as string[] }));
  const context = contextOf(categories ?? (await getCategories(userId)));
  const ruleName = new Map(rules.map((rule) => [rule.id, rule.name]));
  return entries.map((entry) => {
    const subject = { ...entry, currency: currencyOf(entry.accountId), tags: [], allocations: [], transferAccountId: null };
    const { result, matched } = applyRules(rules, subject, context);
    const category = result.transferAccountId === null && result.allocations.length === 0 ? result.category : entry.category;
    const changed = result.description !== entry.description || category !== entry.category;
    return { ...entry, description: result.description, category, ruleNames: changed ? matched.map((id) => ruleName.get(id) ?? "") : [] };
  });
}
