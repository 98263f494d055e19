import { Form } from "@remix-run/react";
import { SMALL_BUTTON_CLASS } from "~/components/ui/buttons";
import { formatMoney, toCents } from "~/lib/money";
import { TRANSACTION_INTENTS, TRANSACTIONS_PATH, type TransactionItem } from "~/features/transactions/transactions";
import type { TransferProposal } from "~/features/transactions/transfer-proposals";

function Side({ item, accountName, currency, sign }: { item: TransactionItem; accountName: string; currency: string; sign: "−" | "+" }) {
  return (
    <div className="min-w-0">
      <p className="text-sm font-medium text-slate-900">
        {sign}
        {formatMoney(toCents(item.amount), currency)} <span className="font-normal text-slate-600">{sign === "−" ? "out of" : "into"}</span> {accountName}
      </p>
      <p className="truncate text-sm text-slate-600">
        {item.date} · {item.description || "No description"}
      </p>
    </div>
  );
}

/**
 * Pairs among the new transactions that look like one transfer (the same
 * amount out of one account and into another a few days apart), each with a
 * form that links them. Nothing is linked unless the user says so.
 */
export function TransferProposals({
  proposals,
  accounts,
  currency,
  redirectTo,
}: {
  proposals: Array<TransferProposal<TransactionItem>>;
  accounts: Array<{ id: string; name: string }>;
  currency: string;
  redirectTo: string;
}) {
  if (proposals.length === 0) return null;
  const names = new Map(accounts.map((account) => [account.id, account.name]));
  return (
    <section aria-labelledby="transfer-proposals" className="space-y-3 rounded-xl border border-sky-200 bg-sky-50 p-4">
      <div>
        <h2 id="transfer-proposals" className="text-sm font-semibold text-sky-950">
          Possible transfers
        </h2>
        <p className="text-sm text-sky-900">The same amount left one of your accounts and reached another. Linked, it counts as neither income nor expense.</p>
      </div>
      <ul className="divide-y divide-sky-100 rounded-lg border border-sky-100 bg-white">
        {proposals.map((proposal) => (
          <li key={`${proposal.out.id}-${proposal.in.id}`} className="grid items-center gap-3 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]" data-testid="transfer-proposal">
            <Side item={proposal.out} accountName={names.get(proposal.out.accountId) ?? "another account"} currency={currency} sign="−" />
            <Side item={proposal.in} accountName={names.get(proposal.in.accountId) ?? "another account"} currency={currency} sign="+" />
            <Form method="post" action={TRANSACTIONS_PATH}>
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <input type="hidden" name="ids" value={proposal.out.id} />
              <input type="hidden" name="ids" value={proposal.in.id} />
              <button type="submit" name="intent" value={TRANSACTION_INTENTS.linkTransfer} className={SMALL_BUTTON_CLASS}>
                Link as transfer
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
