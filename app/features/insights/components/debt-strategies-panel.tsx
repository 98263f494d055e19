import { useId } from "react";
import { INSIGHT_INTENTS, type AiStatus, type DebtResult, type DebtStrategy } from "../insights";
import { AdviceCard, AiSourceLabel, InlineAlert, IntentButtonForm, LastUpdated, ModelStatus } from "./ai-source";

function StrategyCard({ strategy, currency, month }: { strategy: DebtStrategy; currency: string; month: string }) {
  return (
    <AdviceCard
      testId="strategy-card"
      Heading="h3"
      title={strategy.title}
      difficulty={strategy.difficulty}
      description={strategy.description}
      adviceLabel="Strategy"
      advice={strategy.strategy}
      potentialSavings={strategy.potentialSavings}
      currency={currency}
      citations={strategy.citations}
      month={month}
    />
  );
}

/**
 * AI strategies for paying off the user's debts, generated on demand only
 * ('Generate AI Strategies', then 'Refresh'). The route shows its own empty
 * state when there are no debts. The button is a plain POST form to `action`;
 * while the model is asked, JavaScript loads the page again until its answer shows.
 */
export function DebtStrategiesPanel({
  result,
  action,
  currency,
  rateLimitMessage,
  aiStatus,
}: {
  result: DebtResult | null;
  action: string;
  currency: string;
  rateLimitMessage: string | null;
  aiStatus: AiStatus;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="debt-strategies-panel" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            AI Debt Strategies
          </h2>
          <p className="text-sm text-slate-600">Ways to pay your debts off sooner and for less interest, from your debts and recent payments.</p>
          {result ? (
            <>
              <LastUpdated iso={result.generatedAt} />
              <AiSourceLabel source={result.source} aiStatus={aiStatus} />
            </>
          ) : null}
        </div>
        {result ? (
          <IntentButtonForm action={action} intent={INSIGHT_INTENTS.strategies} label="Refresh" pendingLabel="Refreshing..." variant="secondary" />
        ) : (
          <IntentButtonForm action={action} intent={INSIGHT_INTENTS.strategies} label="Generate AI Strategies" pendingLabel="Generating..." />
        )}
      </div>
      {rateLimitMessage ? <InlineAlert>{rateLimitMessage}</InlineAlert> : null}
      <ModelStatus result={result} aiStatus={aiStatus} checkAgainHref={action} subject="strategies" />
      {result ? (
        <>
          {result.strategies.length === 0 ? (
            <p className="text-sm text-slate-600">No strategies this time. Refresh to try again.</p>
          ) : (
            <ul aria-label="Debt strategies" className="grid gap-4 lg:grid-cols-2">
              {result.strategies.map((strategy, index) => (
                <StrategyCard key={`${strategy.title}-${index}`} strategy={strategy} currency={currency} month={result.month} />
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
