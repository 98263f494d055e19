import { Types } from "mongoose";
import { Rule as RuleModel, RuleRun, type RuleRunRecord } from "../../../models";
import { listAccountNames } from "~/features/accounts/accounts.server";
import { isDebtCategoryId, isTransferCategory, SAVINGS_CATEGORY } from "~/features/categories/categories";
import { getCategories } from "~/features/categories/categories.server";
import { listTags } from "~/features/tags/tags.server";
import { tagKey } from "~/features/tags/tags";
import { applyLedgerBatch } from "~/features/transactions/ledger.server";
import { forEachLiveMonth, getTransactionsById } from "~/features/transactions/transactions.server";
import type { TransactionItem } from "~/features/transactions/transactions";
import { submittedId } from "~/utils/submission.server";
import { contextOf, MAX_APPLIED, newTagId, pastChange, ruleMatches, type Rule, type RuleAction, type RuleDraft, type RuledFields, type RuleSubject } from "./rules";
import { getRule, listRules } from "./rules.server";

/**
 * Rules run on the user's past transactions, in a background job: a preview of what one would change (a saved
 * rule, or a form's not saved yet), its application through the ledger as one run that can be undone, and
 * how many transactions each rule matches. The runs are the one writer of RuleRun documents.
 */

/** A preview shows this many of the transactions a rule would change. */
export const EXAMPLES_SHOWN = 20;
/** Changes per ledger batch: each holds the user's ledger for a moment, not for the whole run. */
const LEDGER_SLICE = 250;

export type RuleRunKind = "preview" | "apply";

function owner(userId: string) {
  return new Types.ObjectId(userId);
}

/** A transaction as the rules read it, in its account's currency. */
function subjectOf(item: TransactionItem, currency: string): RuleSubject {
  return { ...item, currency };
}

/**
 * Whether a rule may change a past transaction: not a side of a transfer, a debt payment or a savings
 * contribution, whose category moves money in their own ledgers (a balance, a goal).
 */
function isRuleable(item: TransactionItem) {
  return !isTransferCategory(item.category) && !isDebtCategoryId(item.category) && item.category !== SAVINGS_CATEGORY;
}

/** A draft's tags named by the user's tags' ids, or `new:<name>` for a name they have no tag of (none is created). */
async function draftRule(userId: string, draft: RuleDraft): Promise<Omit<Rule, "id">> {
  const names = draft.actions.some((action) => action.kind === "add-tags") ? await listTags(userId) : [];
  const idOfKey = new Map(names.map((tag) => [tagKey(tag.name), tag.id]));
  const actions = draft.actions.map((action): RuleAction => (action.kind === "add-tags" ? { kind: "add-tags", tagIds: action.tagNames.map((name) => idOfKey.get(tagKey(name)) ?? newTagId(name)) } : action));
  return { ...draft, actions };
}

export type StartedRun = { ok: true; runId: string } | { ok: false; reason: "not-found" };

/**
 * Records a run of the user's saved rule `ruleId`, or of a form's `draft` (a preview only), for the job to do.
 * With the form's one-time key the run's id follows from it: the same form sent again answers with the first run.
 */
export async function startRuleRun(userId: string, source: { ruleId: string } | { draft: RuleDraft }, kind: RuleRunKind, submissionKey?: string | null): Promise<StartedRun> {
  const _id = new Types.ObjectId(submissionKey ? submittedId(userId, submissionKey, `rule-run:${kind}`) : undefined);
  if (await RuleRun.exists({ _id, userId: owner(userId) })) return { ok: true, runId: String(_id) };
  const saved = "ruleId" in source ? await getRule(userId, source.ruleId) : null;
  if ("ruleId" in source && !saved) return { ok: false, reason: "not-found" };
  const rule = saved ? { name: saved.name, match: saved.match, conditions: saved.conditions, actions: saved.actions } : await draftRule(userId, (source as { draft: RuleDraft }).draft);
  await RuleRun.create({ _id, userId: owner(userId), ruleId: saved?.id ?? null, rule, kind: saved ? kind : "preview" });
  return { ok: true, runId: String(_id) };
}

/** Marks the user's finished application `runId` to be undone; false when it is not theirs, not applied, or undone already. */
export async function startUndo(userId: string, runId: string) {
  if (!Types.ObjectId.isValid(runId)) return false;
  const marked = await RuleRun.updateOne({ _id: runId, userId: owner(userId), kind: "apply", status: "done", "undo.status": null }, { $set: { "undo.status": "queued" } });
  return marked.matchedCount === 1;
}

type Example = { transactionId: string; date: string; type: string; amount: number; currency: string; before: RuledFields; after: RuledFields };
type Change = { transactionId: string; before: RuledFields; after: RuledFields };

/**
 * Reads every live transaction of the user once, a month at a time, and the changes `rule` would make:
 * how many were read, how many its conditions match, how many it would change, the first examples, and (to
 * apply it) every change, unless there would be more than MAX_APPLIED.
 */
async function scan(userId: string, rule: Rule, { collect }: { collect: boolean }) {
  const [categories, accounts] = await Promise.all([getCategories(userId), listAccountNames(userId)]);
  const context = contextOf(categories);
  const currencyOf = new Map(accounts.map((account) => [account.id, account.currency]));
  const found = { scanned: 0, matched: 0, changing: 0, examples: [] as Example[], changes: [] as Change[], tooMany: false };
  await forEachLiveMonth(userId, (items) => {
    for (const item of items) {
      found.scanned += 1;
      const currency = currencyOf.get(item.accountId) ?? "";
      const subject = subjectOf(item, currency);
      if (!ruleMatches(rule, subject)) continue;
      found.matched += 1;
      const change = isRuleable(item) ? pastChange(rule, subject, context) : null;
      if (!change) continue;
      found.changing += 1;
      if (found.examples.length < EXAMPLES_SHOWN) found.examples.push({ transactionId: item.id, date: item.date, type: item.type, amount: item.amount, currency, ...change });
      if (collect && found.changes.length < MAX_APPLIED) found.changes.push({ transactionId: item.id, ...change });
    }
  });
  found.tooMany = collect && found.changing > MAX_APPLIED;
  return found;
}

/** The stored rule of a run, as the rules read it. */
function ruleOfRun(run: Pick<RuleRunRecord, "_id" | "rule">): Rule {
  return { id: String(run._id), ...(run.rule as Omit<Rule, "id">) };
}

/** Writes an application's changes from `written` on, a ledger batch at a time, its progress stored after each (a crash resumes there). */
async function writeChanges(userId: string, runId: Types.ObjectId, changes: Change[], written: number) {
  for (let start = written; start < changes.length; start += LEDGER_SLICE) {
    const slice = changes.slice(start, start + LEDGER_SLICE);
    const result = await applyLedgerBatch(userId, { updated: slice.map((change) => ({ id: change.transactionId, ...change.after })) });
    if (!result.ok) throw new Error(`the ledger refused a rule's changes: ${JSON.stringify(result.issues.slice(0, 3))}`);
    await RuleRun.updateOne({ _id: runId }, { $set: { written: start + slice.length } });
  }
}

const sameFields = (a: RuledFields, b: RuledFields) => (Object.keys(b) as Array<keyof RuledFields>).every((field) => JSON.stringify(a[field]) === JSON.stringify(b[field]));

/**
 * Undoes an application: each transaction it changed that still holds what the rule made is given back what
 * it was (through the ledger, a batch at a time); one changed since, or deleted, is kept as it is.
 */
async function undoChanges(userId: string, run: RuleRunRecord) {
  let restored = 0;
  let kept = 0;
  for (let start = 0; start < run.changes.length; start += LEDGER_SLICE) {
    const slice = run.changes.slice(start, start + LEDGER_SLICE) as Change[];
    const current = new Map((await getTransactionsById(userId, slice.map((change) => change.transactionId))).map((item) => [item.id, item]));
    const undone = slice.filter((change) => {
      const item = current.get(change.transactionId);
      return item !== undefined && sameFields(item, change.after);
    });
    if (undone.length > 0) {
      const result = await applyLedgerBatch(userId, { updated: undone.map((change) => ({ id: change.transactionId, ...change.before })) });
      if (!result.ok) throw new Error(`the ledger refused an undo: ${JSON.stringify(result.issues.slice(0, 3))}`);
    }
    restored += undone.length;
    kept += slice.length - undone.length;
  }
  await RuleRun.updateOne({ _id: run._id }, { $set: { "undo.status": "done", "undo.restored": restored, "undo.kept": kept } });
}

/**
 * The job of one run: a preview reads and stores what the rule would change; an application also writes it
 * (refused as a whole when it would change more than MAX_APPLIED); an undo asked for gives it back. Run again
 * after a crash, it finishes what is left: an application resumes after its last written batch, and a rule
 * applied twice changes nothing more. The user's rules are counted again after a write.
 */
export async function processRuleRun(runId: string) {
  const run = await RuleRun.findById(runId).lean<RuleRunRecord>();
  if (!run) return;
  const userId = String(run.userId);
  if (run.undo?.status === "queued" || run.undo?.status === "running") {
    await RuleRun.updateOne({ _id: run._id }, { $set: { "undo.status": "running" } });
    await undoChanges(userId, run);
    await countRuleMatches(userId);
    return;
  }
  if (run.status !== "queued" && run.status !== "running") return;
  try {
    if (run.kind === "apply" && run.status === "running" && run.changes.length > 0) {
      await writeChanges(userId, run._id, run.changes as Change[], run.written ?? 0);
    } else {
      await RuleRun.updateOne({ _id: run._id }, { $set: { status: "running" } });
      const found = await scan(userId, ruleOfRun(run), { collect: run.kind === "apply" });
      const counts = { scanned: found.scanned, matched: found.matched, changing: found.changing, examples: found.examples };
      if (run.kind === "preview" || found.tooMany) {
        await RuleRun.updateOne({ _id: run._id }, { $set: { ...counts, status: found.tooMany ? "too-many" : "done", finishedAt: new Date() } });
        return;
      }
      await RuleRun.updateOne({ _id: run._id }, { $set: { ...counts, changes: found.changes, written: 0 } });
      await writeChanges(userId, run._id, found.changes, 0);
    }
    await RuleRun.updateOne({ _id: run._id }, { $set: { status: "done", finishedAt: new Date() } });
    await countRuleMatches(userId);
  } catch (error) {
    console.error("rule run failed", error);
    await RuleRun.updateOne({ _id: run._id }, { $set: { status: "failed", finishedAt: new Date() } });
  }
}

/** Counts, for each of the user's rules, the live transactions its conditions match (one read of the history), and stores the counts on the rules. */
export async function countRuleMatches(userId: string) {
  const rules = await listRules(userId);
  if (rules.length === 0) return;
  const accounts = await listAccountNames(userId);
  const currencyOf = new Map(accounts.map((account) => [account.id, account.currency]));
  const counts = new Map(rules.map((rule) => [rule.id, 0]));
  await forEachLiveMonth(userId, (items) => {
    for (const item of items) {
      const subject = subjectOf(item, currencyOf.get(item.accountId) ?? "");
      for (const rule of rules) if (ruleMatches(rule, subject)) counts.set(rule.id, (counts.get(rule.id) ?? 0) + 1);
    }
  });
  const countedAt = new Date();
  await RuleModel.bulkWrite(rules.map((rule) => ({ updateOne: { filter: { _id: rule.id, userId: owner(userId) }, update: { $set: { matchCount: counts.get(rule.id) ?? 0, countedAt } } } })));
}

export type RuleRunView = {
  id: string;
  ruleId: string | null;
  kind: RuleRunKind;
  rule: Omit<Rule, "id">;
  status: "queued" | "running" | "done" | "failed" | "too-many";
  scanned: number;
  matched: number;
  changing: number;
  written: number;
  examples: Example[];
  undo: { status: "queued" | "running" | "done" | null; restored: number; kept: number };
};

/** The user's run `runId` as its page shows it; null when it is not theirs. */
export async function getRuleRun(userId: string, runId: string): Promise<RuleRunView | null> {
  if (!Types.ObjectId.isValid(runId)) return null;
  const run = await RuleRun.findOne({ _id: runId, userId: owner(userId) }).select({ changes: 0 }).lean<RuleRunRecord>();
  if (!run) return null;
  return {
    id: String(run._id),
    ruleId: run.ruleId ?? null,
    kind: run.kind,
    rule: run.rule as Omit<Rule, "id">,
    status: run.status,
    scanned: run.scanned ?? 0,
    matched: run.matched ?? 0,
    changing: run.changing ?? 0,
    written: run.written ?? 0,
    examples: (run.examples ?? []) as Example[],
    undo: { status: run.undo?.status ?? null, restored: run.undo?.restored ?? 0, kept: run.undo?.kept ?? 0 },
  };
}
