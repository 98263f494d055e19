import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { FeatureIcon, PageIntro, SignUpCallToAction, type FeatureKind } from "~/components/marketing";

export const meta: MetaFunction = () => [
  { title: "Features | Ledgerly" },
  {
    name: "description",
    content:
      "Explore Ledgerly's features: expense tracking, budgets and custom categories, analytics, and Premium tools for debt management, savings goals and bank linking.",
  },
];

type FeatureSection = {
  kind: FeatureKind;
  title: string;
  summary: string;
  points: { text: string; premium?: boolean }[];
};

const FEATURE_SECTIONS: FeatureSection[] = [
  {
    kind: "expenses",
    title: "Expense tracking",
    summary:
      "A budget is only as good as the numbers behind it. Ledgerly makes recording income and spending quick enough that you will actually keep doing it.",
    points: [
      { text: "Add income and expenses with an amount, date, category and an optional note." },
      { text: "Split a single purchase across several spending categories, and set a refund against the category it came back to." },
      { text: "Review new, categorized and deleted transactions on separate tabs, and restore anything removed by mistake." },
      { text: "Pick up where you left off on any device: your data stays in sync across phone, tablet and computer." },
      { text: "Import transactions automatically from your linked bank accounts.", premium: true },
      { text: "Unlimited transactions on every plan, however busy your month gets." },
    ],
  },
  {
    kind: "budgets",
    title: "Budgets & categories",
    summary:
      "Decide in advance what each part of your life should cost, then see at a glance how the month is going against that plan.",
    points: [
      { text: "Start with ready-made categories for housing, food and dining, transportation, utilities, healthcare and savings." },
      { text: "Create your own income and spending categories, rename them and drag them into the order that suits you." },
      { text: "Set a monthly budget for each spending category and an expected amount for each income source." },
      { text: "Progress bars show what you have spent and what is left, category by category." },
      { text: "Budget insights and trends show how your spending compares from month to month.", premium: true },
    ],
  },
  {
    kind: "analytics",
    title: "Analytics & insights",
    summary:
      "Turn your history into understanding. Start with a clear dashboard, and go deeper with Premium when you want the full picture.",
    points: [
      { text: "A dashboard summarizing this month's income, spending and what remains." },
      { text: "Basic reports that break your spending down by category." },
      { text: "Advanced analytics with interactive charts and reports you can explore.", premium: true },
      { text: "Debt management: track balances and payments, compare payoff strategies and see your payoff date.", premium: true },
      { text: "Savings goals: set a target, record contributions and withdrawals, and watch your progress grow.", premium: true },
      { text: "Bank linking: connect your accounts securely through Plaid so new transactions arrive on their own.", premium: true },
      { text: "Personalized insights that point out spending patterns and suggest where to cut back.", premium: true },
    ],
  },
];

export default function FeaturesPage() {
  return (
    <>
      <PageIntro eyebrow="Features" title="Tools that make money make sense">
        <p>
          Everything in Ledgerly is built around three habits: knowing what you spend, planning what you will spend, and
          learning from both. The free plan covers the essentials; Premium adds deeper analysis and automation.
        </p>
      </PageIntro>

      <div className="mx-auto max-w-6xl space-y-8 px-4 py-16 sm:px-6">
        {FEATURE_SECTIONS.map((section) => (
          <section
            key={section.kind}
            className="grid gap-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 lg:grid-cols-5"
          >
            <div className="lg:col-span-2">
              <FeatureIcon feature={section.kind} />
              <h2 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{section.title}</h2>
              <p className="mt-3 text-slate-600">{section.summary}</p>
            </div>
            <ul className="space-y-3 lg:col-span-3">
              {section.points.map((point) => (
                <li key={point.text} className="flex gap-3">
                  <svg
                    viewBox="0 0 20 20"
                    className="mt-0.5 size-5 shrink-0 text-brand-600"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth={2}
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    aria-hidden="true"
                  >
                    <path d="m4 10.5 4 4 8-9" />
                  </svg>
                  <span className="text-slate-700">
                    {point.text} {point.premium ? <PremiumTag /> : null}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <p className="text-center text-slate-600">
          Compare the Free and Premium plans on the{" "}
          <Link to="/pricing" className="font-semibold text-brand-700 hover:underline">
            pricing page
          </Link>
          .
        </p>
      </div>

      <SignUpCallToAction heading="Ready to get started?" linkLabel="Get Started">
        Sign up for free and start tracking today. You can upgrade to Premium at any time from your account.
      </SignUpCallToAction>
    </>
  );
}

function PremiumTag() {
  return (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[10px] font-bold uppercase tracking-wide text-amber-800">
      Premium
    </span>
  );
}
