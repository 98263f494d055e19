import { Link } from "@remix-run/react";
import { PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from "~/components/ui/buttons";
import { offeredRulePath } from "../rules";

/**
 * Shown after the user put a description in the same category a second time: a rule would do it for them.
 * Both choices are links (the rules page opens with the rule filled in; "Not now" drops the offer).
 */
export function RuleOfferCard({ offer, categoryName, dismissTo }: { offer: { transactionId: string; description: string }; categoryName: string; dismissTo: string }) {
  return (
    <section aria-labelledby="rule-offer-title" className="rounded-xl border border-brand-500/30 bg-brand-50 p-4">
      <h3 id="rule-offer-title" className="font-semibold text-brand-700">
        Make it a rule?
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        You put “{offer.description}” in {categoryName} more than once. A rule would do it for you with every new one, from a bank file or a linked bank.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={offeredRulePath(offer.transactionId)} className={PRIMARY_BUTTON_CLASS}>
          Make it a rule
        </Link>
        <Link to={dismissTo} preventScrollReset className={SECONDARY_BUTTON_CLASS}>
          Not now
        </Link>
      </div>
    </section>
  );
}
