import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { FeatureIcon, PRIMARY_LINK_CLASS, SignUpCallToAction, type FeatureKind } from "~/components/marketing";
import { getUserId } from "~/features/auth/auth.server";
import { formatMoney, toCents } from "~/lib/money";

export const meta: MetaFunction = () => [
  { title: "Personal Finance Made Simple | Ledgerly" },
  {
    name: "description",
    content:
      "Ledgerly helps you track expenses, manage budgets and understand your spending with clear analytics. Start with a free account.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUserId(request)) throw redirect("/dashboard");
  return null;
}

const SECONDARY_LINK_CLASS =
  "inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50";

const EXAMPLE_BUDGET = [
  { category: "Housing", spent: toCents(120000), budget: toCents(125000) },
  { category: "Food & Dining", spent: toCents(41200), budget: toCents(55000) },
  { category: "Transportation", spent: toCents(9600), budget: toCents(20000) },
  { category: "Utilities", spent: toCents(14800), budget: toCents(18000) },
];

const FEATURES: { kind: FeatureKind; title: string; description: string }[] = [
  {
    kind: "expenses",
    title: "Expense tracking",
    description:
      "Log income and expenses in a few taps, file them into categories and see exactly where every dollar went this month.",
  },
  {
    kind: "budgets",
    title: "Budget management",
    description:
      "Give each category a monthly budget and watch its progress bar fill, so you can adjust before you overspend rather than after.",
  },
  {
    kind: "analytics",
    title: "Insightful analytics",
    description:
      "Charts and trends turn a long list of transactions into patterns you can act on, from rising grocery bills to forgotten subscriptions.",
  },
];

const TESTIMONIALS = [
  {
    quote:
      "I used to find out I was over budget when my card got declined. Now I check Ledgerly every Sunday evening and adjust before it becomes a problem.",
    name: "Danielle M.",
    role: "Elementary school teacher",
  },
  {
    quote:
      "My freelance income arrives in uneven chunks. I give each client an expected amount and see what has actually come in, so I finally know what is mine to spend.",
    name: "Omar K.",
    role: "Freelance illustrator",
  },
  {
    quote:
      "The debt tracker made it obvious which card to pay down first. Watching that balance shrink month after month kept me going.",
    name: "Rachel T.",
    role: "Registered nurse",
  },
];

export default function LandingPage() {
  return (
    <>
      <section className="border-b border-slate-200 bg-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Personal finance, simplified</p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
              Know where your money goes, and where it should go next
            </h1>
            <p className="mt-5 text-lg text-pretty text-slate-600">
              Ledgerly brings your spending, budgets and goals into one calm, clear view. Track what comes in and what goes
              out, set limits that fit your life, and spot the patterns that help you save.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/signup" className={PRIMARY_LINK_CLASS}>
                Get Started
              </Link>
              <Link to="/login" className={SECONDARY_LINK_CLASS}>
                Log In
              </Link>
            </div>
            <p className="mt-4 text-sm text-slate-500">Free plan available. No credit card needed to sign up.</p>
          </div>
          <ExampleBudgetCard />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <h2 className="text-3xl font-bold tracking-tight text-slate-900">Everything you need to stay on track</h2>
          <p className="mt-3 text-slate-600">Three simple tools that work together, whether you are paying off a card or saving for a home.</p>
        </div>
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.kind} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <FeatureIcon feature={feature.kind} />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 text-slate-600">{feature.description}</p>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <Link to="/features" className="font-semibold text-brand-700 hover:underline">
            See all features
          </Link>
        </p>
      </section>

      <section className="border-y border-slate-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-20">
          <h2 className="text-center text-3xl font-bold tracking-tight text-slate-900">What our users say</h2>
          <ul className="mt-12 grid gap-6 lg:grid-cols-3">
            {TESTIMONIALS.map((testimonial) => (
              <li key={testimonial.name}>
                <figure className="flex h-full flex-col rounded-2xl bg-slate-50 p-6">
                  <blockquote className="flex-1 text-slate-700">
                    <p>“{testimonial.quote}”</p>
                  </blockquote>
                  <figcaption className="mt-6">
                    <p className="font-semibold text-slate-900">{testimonial.name}</p>
                    <p className="text-sm text-slate-500">{testimonial.role}</p>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <SignUpCallToAction heading="Start building better money habits today">
        Create your free account and record your first transaction in minutes. Upgrade to Premium only if and when you
        want more.
      </SignUpCallToAction>
    </>
  );
}

function ExampleBudgetCard() {
  return (
    <figure className="rounded-2xl border border-slate-200 bg-slate-50 p-6 shadow-sm">
      <figcaption className="flex items-baseline justify-between gap-4">
        <span className="font-semibold text-slate-900">Monthly budget</span>
        <span className="text-sm text-slate-500">Example</span>
      </figcaption>
      <ul className="mt-6 space-y-5">
        {EXAMPLE_BUDGET.map((line) => {
          const percent = Math.round((line.spent / line.budget) * 100);
          return (
            <li key={line.category}>
              <div className="flex justify-between gap-4 text-sm">
                <span className="font-medium text-slate-700">{line.category}</span>
                <span className="text-slate-500">
                  {formatMoney(line.spent, "USD")} of {formatMoney(line.budget, "USD")}
                </span>
              </div>
              <div className="mt-2 h-2 rounded-full bg-slate-200">
                <div
                  className={`h-2 rounded-full ${percent > 90 ? "bg-amber-500" : "bg-brand-500"}`}
                  style={{ width: `${percent}%` }}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
