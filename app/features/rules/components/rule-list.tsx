import { Form, Link } from "@remix-run/react";
import { SMALL_BUTTON_CLASS } from "~/components/ui/buttons";
import { ConfirmDialog, confirmHref } from "~/components/ui/confirm-dialog";
import { formatUtcDateTime } from "~/lib/utc-time";
import { RULE_EDIT_TITLE_ID, ruleEditPath, RULE_INTENTS, RULES_PATH } from "../rules";

export type ListedRule = { id: string; name: string; description: string; matchCount: number | null; countedAt: string | null };

/** "Matches 42 of your transactions (counted …)", or that the count is on its way. */
function MatchCount({ rule }: { rule: ListedRule }) {
  if (rule.matchCount === null || rule.countedAt === null) return <p className="text-xs text-slate-500">Counting the transactions it matches…</p>;
  const count = rule.matchCount === 1 ? "1 of your transactions" : `${rule.matchCount.toLocaleString("en-US")} of your transactions`;
  return (
    <p className="text-xs text-slate-500" data-testid="rule-match-count">
      Matches {count} (counted {formatUtcDateTime(rule.countedAt)})
    </p>
  );
}

/**
 * The user's rules in the order they run, each in words, with buttons that move it up or down (plain
 * posts) and an edit link; Delete opens its confirmation through the address (`?delete=<id>`), so it works
 * without JavaScript.
 */
export function RuleList({ rules, deleting }: { rules: ListedRule[]; deleting: ListedRule | null }) {
  if (rules.length === 0) {
    return <p className="text-sm text-slate-600">No rules yet. A rule fills in new transactions for you: add the first one below.</p>;
  }
  return (
    <>
      <ol className="divide-y divide-slate-100" aria-label="Your rules, in the order they run">
        {rules.map((rule, index) => (
          <li key={rule.id} aria-label={rule.name} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                {index + 1}. {rule.name}
              </p>
              <p className="text-sm text-slate-600">{rule.description}</p>
              <MatchCount rule={rule} />
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              {(["up", "down"] as const).map((direction) => (
                <Form key={direction} method="post" action={RULES_PATH} preventScrollReset>
                  <input type="hidden" name="intent" value={RULE_INTENTS.move} />
                  <input type="hidden" name="ruleId" value={rule.id} />
                  <input type="hidden" name="direction" value={direction} />
                  <button
                    type="submit"
                    disabled={direction === "up" ? index === 0 : index === rules.length - 1}
                    aria-label={`Move ${rule.name} ${direction}`}
                    className={SMALL_BUTTON_CLASS}
                  >
                    {direction === "up" ? "Up" : "Down"}
                  </button>
                </Form>
              ))}
              <Form method="post" action={RULES_PATH}>
                <input type="hidden" name="intent" value={RULE_INTENTS.preview} />
                <input type="hidden" name="ruleId" value={rule.id} />
                <button type="submit" className={SMALL_BUTTON_CLASS}>
                  Preview<span className="sr-only"> {rule.name}</span> on past transactions
                </button>
              </Form>
              <Link to={`${ruleEditPath(rule.id)}#${RULE_EDIT_TITLE_ID}`} aria-label={`Edit ${rule.name}`} className={SMALL_BUTTON_CLASS}>
                Edit
              </Link>
              <Link to={confirmHref(`?delete=${rule.id}`)} aria-label={`Delete ${rule.name}`} preventScrollReset className={SMALL_BUTTON_CLASS}>
                Delete
              </Link>
            </div>
          </li>
        ))}
      </ol>
      {deleting ? (
        <ConfirmDialog
          title="Delete Rule"
          message={`Delete the rule “${deleting.name}”? Transactions it already filled in keep what it set.`}
          action={RULES_PATH}
          fields={{ intent: RULE_INTENTS.delete, ruleId: deleting.id }}
          cancelTo={RULES_PATH}
        />
      ) : null}
    </>
  );
}
