import { Types } from "mongoose";
import { Rule as RuleModel, type RuleActionRecord, type RuleRecord } from "../../../models";

/** A stored rule whose actions are read as plain objects, to be rewritten. */
type RuleWithActions = Omit<RuleRecord, "actions"> & { actions: RuleActionRecord[] };
import { listAccountNames } from "~/features/accounts/accounts.server";
import { isDebtCategoryId, isSplitCategory, isTransferCategory, isUncategorized, SAVINGS_CATEGORY, type Category } from "~/features/categories/categories";
import { countLiveWithDescription, getTransaction } from "~/features/transactions/transactions.server";
import type { Allocation } from "~/features/transactions/transactions";
import { getCategories } from "~/features/categories/categories.server";
import { submittedId } from "~/utils/submission.server";
import { ensureTags, listTags } from "~/features/tags/tags.server";
import { applyRules, contextOf, describeRule, ruleMatches, type Rule, type RuleAction, type RuleCondition, type RuleDraft, type SplitPart } from "./rules";
import { ruleNames, type RuleChoices } from "./rule-form-value";

/** The stored rules of a user, the one data access that reads and writes them; the ledger writes what they change. */

/** A user has at most this many rules: each new transaction runs them all. */
export const MAX_RULES = 200;

export type RuleInput = Omit<Rule, "id">;
export type RuleSaved = { ok: true; rule: Rule } | { ok: false; reason: "not-found" | "too-many" | "too-many-tags" };

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
      return { kind: "add-tags", tagIds: stored.tagIds ?? [] };
    case "transfer":
      return { kind: "transfer", accountId: stored.accountId ?? "" };
    default:
      return { kind: "split", parts: (stored.parts ?? []).map(partOf), currency: stored.currency ?? "USD" };
  }
}

function ruleOf(stored: RuleRecord): Rule {
  return { id: stored._id.toString(), name: stored.name, match: stored.match === "any" ? "any" : "all", conditions: stored.conditions.map(conditionOf), actions: stored.actions.map(actionOf) };
}

/** A stored rule with how many transactions it matched when last counted (null: not counted yet). */
export type CountedRule = Rule & { matchCount: number | null; countedAt: string | null };

/** The user's rules in the order they run. */
export async function listRules(userId: string): Promise<CountedRule[]> {
  const stored = await RuleModel.find({ userId: owner(userId) }).sort({ position: 1, _id: 1 }).lean<RuleRecord[]>();
  return stored.map((rule) => ({ ...ruleOf(rule), matchCount: rule.matchCount ?? null, countedAt: rule.countedAt ? rule.countedAt.toISOString() : null }));
}

export async function getRule(userId: string, ruleId: string): Promise<Rule | null> {
  if (!Types.ObjectId.isValid(ruleId)) return null;
  const stored = await RuleModel.findOne({ _id: ruleId, userId: owner(userId) }).lean<RuleRecord>();
  return stored ? ruleOf(stored) : null;
}

/** The draft's tags' names as the user's tags (new names added): the rule as stored, or null when the user has too many tags for the new ones. */
async function withTagIds(userId: string, draft: RuleDraft): Promise<RuleInput | null> {
  const names = draft.actions.flatMap((action) => (action.kind === "add-tags" ? action.tagNames : []));
  const ensured = await ensureTags(userId, names);
  if (!ensured.ok) return null;
  const idOf = new Map(names.map((name, index) => [name, ensured.ids[index]]));
  const actions = draft.actions.map((action): RuleAction => (action.kind === "add-tags" ? { kind: "add-tags", tagIds: [...new Set(action.tagNames.map((name) => idOf.get(name) as string))] } : action));
  return { ...draft, actions };
}

/**
 * A new rule runs after the user's others. With the form's one-time key its id follows from the key, so the
 * same form sent again answers with the rule the first one added and adds nothing.
 */
export async function addRule(userId: string, draft: RuleDraft, submissionKey?: string | null): Promise<RuleSaved> {
  const _id = submissionKey ? new Types.ObjectId(submittedId(userId, submissionKey, "rule")) : new Types.ObjectId();
  const sent = await RuleModel.findOne({ _id, userId: owner(userId) }).lean<RuleRecord>();
  if (sent) return { ok: true, rule: ruleOf(sent) };
  const count = await RuleModel.countDocuments({ userId: owner(userId) });
  if (count >= MAX_RULES) return { ok: false, reason: "too-many" };
  const input = await withTagIds(userId, draft);
  if (!input) return { ok: false, reason: "too-many-tags" };
  const last = await RuleModel.findOne({ userId: owner(userId) }).sort({ position: -1 }).select({ position: 1 }).lean<Pick<RuleRecord, "position">>();
  const created = await RuleModel.create({ _id, userId: owner(userId), ...input, position: (last?.position ?? 0) + 1 });
  return { ok: true, rule: ruleOf(created.toObject() as RuleRecord) };
}

export async function updateRule(userId: string, ruleId: string, draft: RuleDraft): Promise<RuleSaved> {
  if (!Types.ObjectId.isValid(ruleId) || !(await RuleModel.exists({ _id: ruleId, userId: owner(userId) }))) return { ok: false, reason: "not-found" };
  const input = await withTagIds(userId, draft);
  if (!input) return { ok: false, reason: "too-many-tags" };
  const updated = await RuleModel.findOneAndUpdate({ _id: ruleId, userId: owner(userId) }, { $set: input }, { returnDocument: "after", runValidators: true }).lean<RuleRecord>();
  return updated ? { ok: true, rule: ruleOf(updated) } : { ok: false, reason: "not-found" };
}

/**
 * The user's rules that add the tag `fromId` add `toId` instead (a merge), or no longer add it (`toId`
 * null: the tag was deleted); an action left with no tag goes.
 */
export async function replaceTagInRules(userId: string, fromId: string, toId: string | null) {
  const stored = await RuleModel.find({ userId: owner(userId), "actions.tagIds": fromId }).lean<RuleWithActions[]>();
  for (const rule of stored) {
    const actions = rule.actions.flatMap((action) => {
      if (action.kind !== "add-tags") return [action];
      const tagIds = [...new Set((action.tagIds ?? []).flatMap((id) => (id !== fromId ? [id] : toId ? [toId] : [])))];
      return tagIds.length > 0 ? [{ ...action, tagIds }] : [];
    });
    await RuleModel.updateOne({ _id: rule._id, userId: owner(userId) }, { $set: { actions } });
  }
}

/**
 * Rules stored before tags had ids named them in `tags`: each such action names the user's tags by id
 * instead (the tags added when missing). Run at start; a rule already moved is not read again.
 */
export async function moveRuleTagsToIds() {
  const withTags = await RuleModel.find({ "actions.kind": "add-tags" }).lean<RuleWithActions[]>();
  const legacy = withTags.filter((rule) => rule.actions.some((action) => action.tags?.length));
  for (const rule of legacy) {
    const userId = String(rule.userId);
    const actions: RuleActionRecord[] = [];
    for (const action of rule.actions) {
      if (action.kind !== "add-tags" || !action.tags?.length) {
        actions.push(action);
        continue;
      }
      const ensured = await ensureTags(userId, action.tags);
      if (ensured.ok) actions.push({ ...action, tags: undefined, tagIds: ensured.ids });
    }
    await RuleModel.updateOne({ _id: rule._id }, { $set: { actions } });
  }
  return legacy.length;
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

/** What the rule form offers: the user's categories, open accounts and tags; amounts are typed in `currency`. */
export async function ruleChoices(userId: string, currency: string): Promise<RuleChoices> {
  const [categories, accounts, tags] = await Promise.all([getCategories(userId), listAccountNames(userId), listTags(userId)]);
  return {
    tags,
    categories: categories.filter((category) => !isDebtCategoryId(category.id)).map(({ id, name, type }) => ({ id, name, type })),
    accounts: accounts.filter((account) => !account.closed).map(({ id, name, currency: accountCurrency }) => ({ id, name, currency: accountCurrency })),
    currency,
  };
}

/** The user's rules in their order, each described in words with the names of its categories and accounts. */
export async function describedRules(userId: string, choices: RuleChoices) {
  const names = ruleNames(choices);
  return (await listRules(userId)).map((rule) => ({
    id: rule.id,
    name: rule.name,
    description: describeRule(rule, names),
    matchCount: rule.matchCount,
    countedAt: rule.countedAt,
  }));
}

/** What a new transaction is to the rules: its account's currency given apart. */
export type RuledEntry = { description: string; amount: number; type: "income" | "expense"; accountId: string; date: string; category: string };

/** What the rules make of a new transaction: a transfer's other account, a split's parts and tags included, and the rules that changed it. */
export type Ruled<Entry extends RuledEntry> = Entry & { tagIds: string[]; transferAccountId: string | null; allocations: Allocation[]; ruleNames: string[] };

/**
 * New transactions (an import's rows, a bank's) as the user's rules fill them in: a category, a clean name,
 * tags, a transfer with another of the user's open accounts in the same currency (the ledger writes its
 * other side), or a split. A transfer into an account of another currency is left to the user (what arrived
 * there is not known). `ruleNames`: the rules that changed it. `categories` when the caller has read them already.
 */
export async function fillByRules<Entry extends RuledEntry>(userId: string, entries: Entry[], currencyOf: (accountId: string) => string, categories?: Category[]): Promise<Array<Ruled<Entry>>> {
  // Object.assign rather than a spread with fields added: V8 copies those many times slower, and an import has 20,000 rows.
  const untouched = (entry: Entry): Ruled<Entry> => Object.assign({}, entry, { tagIds: [], transferAccountId: null, allocations: [], ruleNames: [] });
  const rules = entries.length > 0 ? await listRules(userId) : [];
  if (rules.length === 0) return entries.map(untouched);
  const [context, accounts] = await Promise.all([categories ? contextOf(categories) : getCategories(userId).then(contextOf), listAccountNames(userId)]);
  const openCurrency = new Map(accounts.filter((account) => !account.closed).map((account) => [account.id, account.currency]));
  const ruleName = new Map(rules.map((rule) => [rule.id, rule.name]));
  return entries.map((entry) => {
    const currency = currencyOf(entry.accountId);
    // Only what the rules read: each action copies the subject, and an import's rows carry much more.
    const subject = { description: entry.description, amount: entry.amount, type: entry.type, accountId: entry.accountId, date: entry.date, category: entry.category, currency, tagIds: [], allocations: [], transferAccountId: null };
    const { result, matched } = applyRules(rules, subject, context);
    if (matched.length === 0) return untouched(entry);
    const transferFits = result.transferAccountId === null || openCurrency.get(result.transferAccountId) === currency;
    const filled = transferFits ? result : { ...result, category: entry.category, transferAccountId: null };
    const changed = filled.description !== entry.description || filled.category !== entry.category || filled.tagIds.length > 0;
    return Object.assign({}, entry, {
      description: filled.description,
      category: filled.category,
      tagIds: filled.tagIds,
      transferAccountId: filled.transferAccountId,
      allocations: filled.allocations,
      ruleNames: changed ? matched.map((id) => ruleName.get(id) ?? "") : [],
    });
  });
}

/** A rule Ledgerly offers to make: the user put this description in this category by hand more than once. */
export type RuleOffer = { transactionId: string; description: string; categoryId: string };

/**
 * The rule to offer after the user categorised `transactionId`: when another live transaction with the
 * same description is in the same category (the user did it twice) and none of their rules matches it
 * already. Null otherwise (a transfer, a split, a debt payment or savings are left alone).
 */
export async function ruleOfferFor(userId: string, transactionId: string): Promise<RuleOffer | null> {
  const transaction = await getTransaction(userId, transactionId);
  if (!transaction || transaction.deleted || !transaction.description.trim() || isUncategorized(transaction.category)) return null;
  if (isTransferCategory(transaction.category) || isSplitCategory(transaction.category) || isDebtCategoryId(transaction.category) || transaction.category === SAVINGS_CATEGORY) return null;
  if ((await countLiveWithDescription(userId, transaction.description, transaction.category)) < 2) return null;
  const [rules, accounts] = await Promise.all([listRules(userId), listAccountNames(userId)]);
  const currency = accounts.find((account) => account.id === transaction.accountId)?.currency ?? "";
  if (rules.some((rule) => ruleMatches(rule, { ...transaction, currency }))) return null;
  return { transactionId, description: transaction.description, categoryId: transaction.category };
}

/** The tags the user's rules put on a transaction typed in the form (its category and name are the user's choice). */
export async function tagsByRules(userId: string, entry: RuledEntry, currency: string) {
  const [filled] = await fillByRules(userId, [entry], () => currency);
  return filled.tagIds;
}
