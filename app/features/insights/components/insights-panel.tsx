import { useId, type ReactNode } from "react";
import { ProgressBar } from "~/components/ui/progress-bar";
import {
  confidenceBand,
  INSIGHT_INTENTS,
  MOBILE_TEXT_LIMITS,
  TREND_LABELS,
  type Insight,
  type Pattern,
  type AiStatus,
  type SpendingResult,
  type Trend,
} from "../insights";
import {
  AdviceCard,
  AiSourceLabel,
  Citations,
  InlineAlert,
  IntentButtonForm,
  LastUpdated,
  ModelStatus,
  ResponsiveText,
} from "./ai-source";

const CONFIDENCE_BAR_CLASSES = { green: "bg-green-500", yellow: "bg-yellow-400", red: "bg-red-500" } as const;

const TREND_CLASSES: Record<Trend, string> = {
  increasing: "bg-red-100 text-red-700",
  decreasing: "bg-green-100 text-green-700",
  stable: "bg-slate-100 text-slate-700",
};
const TREND_ARROWS: Record<Trend, string> = { increasing: "↑", decreasing: "↓", stable: "→" };

const FINANCIAL_TIPS = [
  "Pay yourself first: move money to savings as soon as you are paid, before you spend.",
  "Give every category a budget and check it weekly, not only at the end of the month.",
  "Keep an emergency fund of three to six months of essential expenses.",
  "Review subscriptions and recurring bills every few months and cancel what you no longer use.",
  "Pay more than the minimum on your highest-interest debt first.",
];

const PATTERN_TIPS = [
  { term: "Rising", text: "you spent more in this category than usual; check whether it was planned." },
  { term: "Declining", text: "you spent less than usual; a good place to keep the habit or move the difference to savings." },
  { term: "Stable", text: "your spending stayed close to its usual level, which makes it easy to budget for." },
  { term: "Anomalies", text: "single transactions or days that stand out from your normal pattern; worth a second look in case of a mistake or an unexpected charge." },
];

/** "Confidence 70%", the band's colour on the bar; the percent is written, so colour is never the only signal. */
function ConfidenceBar({ confidence }: { confidence: number }) {
  const percent = Math.round(Math.min(1, Math.max(0, confidence)) * 100);
  const band = confidenceBand(confidence);
  const labelId = useId();
  return (
    <div className="flex items-center gap-3">
      <span id={labelId} className="shrink-0 text-xs font-medium text-slate-600">
        Confidence {percent}%
      </span>
      <ProgressBar percent={percent} fillClass={CONFIDENCE_BAR_CLASSES[band]} labelledBy={labelId} band={band} />
    </div>
  );
}

function InsightCard({ insight, currency, month }: { insight: Insight; currency: string; month: string }) {
  return (
    <AdviceCard
      testId="insight-card"
      Heading="h4"
      title={insight.title}
      difficulty={insight.difficulty}
      description={insight.description}
      adviceLabel="Recommendation"
      advice={insight.recommendation}
      potentialSavings={insight.potentialSavings}
      currency={currency}
      citations={insight.citations}
      month={month}
    >
      <ConfidenceBar confidence={insight.confidence} />
    </AdviceCard>
  );
}

function PatternCard({ pattern, month }: { pattern: Pattern; month: string }) {
  return (
    <li data-testid="pattern-card" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h4 className="font-semibold text-slate-900">{pattern.categoryName}</h4>
        {pattern.trend ? (
          <span data-trend={pattern.trend} className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${TREND_CLASSES[pattern.trend]}`}>
            <span aria-hidden="true">{TREND_ARROWS[pattern.trend]} </span>
            <span className="sr-only">Trend: </span>
            {TREND_LABELS[pattern.trend]}
          </span>
        ) : (
          <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600">No trend yet</span>
        )}
      </div>
      <p className="text-sm text-slate-700">
        <ResponsiveText text={pattern.pattern} limit={MOBILE_TEXT_LIMITS.pattern} />
      </p>
      {pattern.anomaly ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <span className="font-semibold">Anomaly: </span>
          {pattern.anomaly}
        </p>
      ) : null}
      <Citations citations={pattern.citations} month={month} />
    </li>
  );
}

function TipsBox({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <aside aria-labelledby={headingId} className="rounded-xl border border-brand-100 bg-brand-50 p-4">
      <h4 id={headingId} className="font-semibold text-slate-900">
        {title}
      </h4>
      {children}
    </aside>
  );
}

function PersonalizedInsights({ result, currency }: { result: SpendingResult; currency: string }) {
  const headingId = useId();
  const listLabelId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          Personalized Insights
        </h3>
        <LastUpdated iso={result.generatedAt} />
      </div>
      <p id={listLabelId} className="text-sm font-semibold text-slate-700">
        Smart Financial Recommendations
      </p>
      {result.insights.length === 0 ? (
        <p className="text-sm text-slate-600">No recommendations for this month yet. Add more transactions and refresh.</p>
      ) : (
        <ul aria-labelledby={listLabelId} className="grid gap-4 lg:grid-cols-2">
          {result.insights.map((insight, index) => (
            <InsightCard key={`${insight.title}-${index}`} insight={insight} currency={currency} month={result.month} />
          ))}
        </ul>
      )}
      <TipsBox title="Tips for Financial Success">
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {FINANCIAL_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </TipsBox>
    </section>
  );
}

function SpendingPatterns({ result }: { result: SpendingResult }) {
  const headingId = useId();
  const listLabelId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Spending Patterns
      </h3>
      <p id={listLabelId} className="text-sm font-semibold text-slate-700">
        Your Spending Analysis
      </p>
      {result.patterns.length === 0 ? (
        <p className="text-sm text-slate-600">No spending patterns found for this month.</p>
      ) : (
        <ul aria-labelledby={listLabelId} className="grid gap-4 lg:grid-cols-2">
          {result.patterns.map((pattern, index) => (
            <PatternCard key={`${pattern.categoryId}-${index}`} pattern={pattern} month={result.month} />
          ))}
        </ul>
      )}
      <TipsBox title="Understanding Your Patterns">
        <dl className="mt-2 space-y-1 text-sm text-slate-700">
          {PATTERN_TIPS.map(({ term, text }) => (
            <div key={term}>
              <dt className="inline font-semibold">{term}: </dt>
              <dd className="inline">{text}</dd>
            </div>
          ))}
        </dl>
      </TipsBox>
    </section>
  );
}

/**
 * The "Smart Financial Insights" panel of the insights page and the analytics
 * tab: a header with 'Refresh Insights', then either the 'Ready for AI
 * Insights' empty state or the recommendations and spending patterns. Every
 * button is a plain POST form to `action`; JavaScript only adds the pending state
 * (and, while the model is asked, loads the page again until its answer shows).
 */
export function InsightsPanel({
  result,
  action,
  currency,
  rateLimitMessage,
  aiStatus,
  monthLabel,
  returnTo,
}: {
  result: SpendingResult | null;
  action: string;
  /** Where a refresh comes back to when the panel is embedded (the analytics Insights tab). */
  returnTo?: string;
  currency: string;
  rateLimitMessage: string | null;
  aiStatus: AiStatus;
  monthLabel: string;
}) {
  const headingId = useId();
  const emptyHeadingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="insights-panel" className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              Smart Financial Insights
            </h2>
            <p className="text-sm text-slate-600">Recommendations and spending patterns for {monthLabel}, from your own transactions.</p>
            {result ? <AiSourceLabel source={result.source} aiStatus={aiStatus} /> : null}
          </div>
          <IntentButtonForm action={action} intent={INSIGHT_INTENTS.refresh} label="Refresh Insights" pendingLabel="Updating..." returnTo={returnTo} variant="secondary" />
        </div>
        {rateLimitMessage ? <InlineAlert>{rateLimitMessage}</InlineAlert> : null}
        <ModelStatus result={result} aiStatus={aiStatus} checkAgainHref={returnTo ?? action} subject="insights" />
      </div>
      {result ? (
        <>
          <PersonalizedInsights result={result} currency={currency} />
          <SpendingPatterns result={result} />
        </>
      ) : (
        <section aria-labelledby={emptyHeadingId} className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center">
          <h3 id={emptyHeadingId} className="text-base font-semibold text-slate-900">
            Ready for AI Insights
          </h3>
          <p className="max-w-md text-sm text-slate-600">
            Get personalized recommendations and an analysis of your spending patterns for {monthLabel}, based on your transactions and budgets.
          </p>
          <IntentButtonForm action={action} intent={INSIGHT_INTENTS.refresh} label="Generate AI Insights" pendingLabel="Generating..." returnTo={returnTo} />
        </section>
      )}
    </section>
  );
}
