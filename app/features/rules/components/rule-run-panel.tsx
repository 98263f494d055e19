import { Form, Link } from "@remix-run/react";
import { PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from "~/components/ui/buttons";
import { SubmissionKeyField } from "~/components/ui/submission-key-field";
import { useRevalidateWhile } from "~/components/ui/use-revalidate-while";
import { isSplitCategory, isUncategorized } from "~/features/categories/categories";
import { formatMoney, toCents } from "~/lib/money";
import { MAX_APPLIED, ruleDraftPath, ruleRunPath, RULE_INTENTS, RULE_MESSAGES, RULES_PATH, type RuledFields, type RuleNames } from "../rules";

/** A run as its page shows it (what `getRuleRun` returns, the rule described in words). */
export type ShownRun = {
  id: string;
  ruleId: string | null;
  kind: "preview" | "apply";
  name: string;
  description: string;
  status: "queued" | "running" | "done" | "failed" | "too-many";
  scanned: number;
  matched: number;
  changing: number;
  written: number;
  examples: Array<{ transactionId: string; date: string; type: string; amount: number; currency: string; before: RuledFields; after: RuledFields }>;
  undo: { status: "queued" | "running" | "done" | null; restored: number; kept: number };
};

/** Whether the page waits for its run's job (it shows the outcome once done). */
export function isRunWaiting(run: Pick<ShownRun, "status" | "undo">) {
  return run.status === "queued" || run.status === "running" || run.undo.status === "queued" || run.undo.status === "running";
}

const number = (value: number) => value.toLocaleString("en-US");
const count = (value: number, one: string, many: string) => (value === 1 ? `1 ${one}` : `${value.toLocaleString("en-US")} ${many}`);

/** What a rule changes of a transaction, in words: "Food & Dining", "split: Food 60%…", "#Trip". */
function fieldsInWords(fields: RuledFields, names: RuleNames) {
  const words: string[] = [];
  if (fields.category !== undefined) {
    const category = isUncategorized(fields.category) ? "Uncategorized" : names.category(fields.category);
    words.push(isSplitCategory(fields.category) ? `Split: ${(fields.allocations ?? []).map((part) => names.category(part.categoryId)).join(", ")}` : category);
  }
  if (fields.description !== undefined) words.push(`“${fields.description}”`);
  if (fields.tagIds !== undefined) words.push(fields.tagIds.length === 0 ? "no tags" : fields.tagIds.map((tagId) => `#${names.tag(tagId)}`).join(" "));
  return words.join(" · ");
}

function Examples({ run, names }: { run: ShownRun; names: RuleNames }) {
  if (run.examples.length === 0) return null;
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-left text-slate-600">{run.changing > run.examples.length ? `The first ${run.examples.length} of them` : "All of them"}</caption>
      <thead>
        <tr className="text-left text-slate-500">
          <th scope="col" className="py-2 font-medium">Date</th>
          <th scope="col" className="py-2 text-right font-medium">Amount</th>
          <th scope="col" className="py-2 pl-4 font-medium">Now</th>
          <th scope="col" className="py-2 pl-4 font-medium">With the rule</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {run.examples.map((example) => (
          <tr key={example.transactionId}>
            <td className="whitespace-nowrap py-2">{example.date}</td>
            <td className="whitespace-nowrap py-2 text-right tabular-nums">
              {example.type === "expense" ? "−" : "+"}
              {formatMoney(toCents(example.amount), example.currency)}
            </td>
            <td className="py-2 pl-4 text-slate-600">{fieldsInWords(example.before, names) || "—"}</td>
            <td className="py-2 pl-4 font-medium text-slate-900">{fieldsInWords(example.after, names)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ApplyForm({ ruleId, changing, submissionKey }: { ruleId: string; changing: number; submissionKey: string }) {
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value={RULE_INTENTS.apply} />
      <input type="hidden" name="ruleId" value={ruleId} />
      <SubmissionKeyField value={submissionKey} />
      <button type="submit" className={PRIMARY_BUTTON_CLASS}>
        Apply to {count(changing, "transaction", "transactions")}
      </button>
      <span className="text-sm text-slate-600">You can undo it afterwards.</span>
    </Form>
  );
}

/**
 * A rule run on the user's past transactions: while its job runs, that it is under way (the page loads its
 * data again until it is done; without JavaScript its Refresh link does, never a timed reload: decision 230);
 * then what the rule would change with examples and Apply, or what it changed with Undo, or why it could not.
 */
export function RuleRunPanel({ run, names, submissionKey }: { run: ShownRun; names: RuleNames; submissionKey: string }) {
  const waiting = isRunWaiting(run);
  useRevalidateWhile(waiting, 1500);
  const here = ruleRunPath(run.id);
  const transactions = (value: number) => count(value, "transaction", "transactions");
  return (
    <div className="space-y-4" aria-live="polite">
      <p className="text-sm text-slate-700">{run.description}</p>
      {run.status === "queued" || run.status === "running" ? (
        <p role="status" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          {run.kind === "apply" && run.changing > 0 ? `Applying the rule: ${run.written.toLocaleString("en-US")} of ${transactions(run.changing)} done…` : "Looking through your transactions…"}{" "}
          <Link to={here} className="font-semibold text-brand-700 hover:underline">
            Refresh
          </Link>
        </p>
      ) : run.status === "failed" ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {RULE_MESSAGES.runFailed}
        </p>
      ) : run.status === "too-many" ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {RULE_MESSAGES.tooManyToApply(run.changing, MAX_APPLIED)}
        </p>
      ) : run.kind === "preview" ? (
        <>
          <p role="status" className="text-sm font-medium text-slate-900" data-testid="rule-run-summary">
            {run.changing === 0
              ? `This rule would change none of your ${transactions(run.scanned)}${run.matched > 0 ? ` (its conditions match ${number(run.matched)}: they already are as it would make them, or are transfers, debt payments or savings)` : ""}.`
              : `This rule would change ${number(run.changing)} of your ${transactions(run.scanned)} (its conditions match ${number(run.matched)}).`}
          </p>
          <Examples run={run} names={names} />
          {run.ruleId && run.changing > 0 ? <ApplyForm ruleId={run.ruleId} changing={run.changing} submissionKey={submissionKey} /> : null}
          {run.ruleId ? null : (
            <Link to={ruleDraftPath(run.id)} className={`${SECONDARY_BUTTON_CLASS} mr-4`}>
              Back to the rule
            </Link>
          )}
        </>
      ) : (
        <>
          <p role="status" className="text-sm font-medium text-slate-900" data-testid="rule-run-summary">
            {run.undo.status === "done"
              ? `Undone: ${transactions(run.undo.restored)} back as they were${run.undo.kept > 0 ? `; ${transactions(run.undo.kept)} kept as you changed them since` : ""}.`
              : run.undo.status
                ? (
                  <>
                    Undoing…{" "}
                    <Link to={here} className="font-semibold text-brand-700 hover:underline">
                      Refresh
                    </Link>
                  </>
                )
                : `Applied to ${transactions(run.changing)}.`}
          </p>
          <Examples run={run} names={names} />
          {run.undo.status === null && run.changing > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value={RULE_INTENTS.undo} />
              <button type="submit" className={SECONDARY_BUTTON_CLASS}>
                Undo
              </button>
            </Form>
          ) : null}
        </>
      )}
      <Link to={RULES_PATH} className="inline-block text-sm font-semibold text-brand-700 hover:underline">
        Back to rules
      </Link>
    </div>
  );
}
