import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { FaqItem, PageIntro, PRIMARY_LINK_CLASS } from "~/components/marketing";
import { SUPPORT_EMAIL } from "~/components/site-footer";
import { annualSaving, formatPlanAmount, premiumPricesText, pricePerInterval, type PremiumPrices } from "~/features/billing/plans";
import { getPremiumPrices } from "~/features/billing/prices.server";

export async function loader() {
  return { prices: await getPremiumPrices() };
}

export const meta: MetaFunction = () => [
  { title: "FAQ | Ledgerly" },
  {
    name: "description",
    content:
      "Answers to common questions about Ledgerly: creating an account, free and Premium features, privacy and security, billing and support.",
  },
];

type FaqSection = { id: string; title: string; questions: { question: string; answer: ReactNode }[] };

const FREE_FEATURES = [
  "Manual expense tracking",
  "Dashboard view",
  "Basic budgeting",
  "Custom categories",
  "Basic reporting",
  "Sync across all your devices",
  "Unlimited transactions",
];

const PREMIUM_FEATURES = [
  "Advanced analytics",
  "Interactive charts and reports",
  "Debt management",
  "Savings goals",
  "Budget insights and trends",
  "Bank-account linking",
  "Priority support",
];

/** " Annual billing saves $10.89 a year, about 30 percent of the monthly price.", when it saves anything. */
function annualSavingSentence(prices: PremiumPrices) {
  const saving = annualSaving(prices);
  return saving ? ` Annual billing saves ${formatPlanAmount(saving)} a year, about ${saving.percent} percent of the monthly price.` : "";
}

const faqSections = (prices: PremiumPrices): FaqSection[] => [
  {
    id: "account",
    title: "Account & Getting Started",
    questions: [
      {
        question: "How do I create an account?",
        answer: (
          <p>
            Select <Link to="/signup">Sign Up</Link>, then either enter your email address and choose a password of at
            least 8 characters, or continue with your Google account. Your free account is ready straight away, with a
            set of starter categories to get you going.
          </p>
        ),
      },
      {
        question: "How can I sign in?",
        answer: (
          <p>
            Sign in with your email address and password, or with your Google account. These are the two sign-in methods
            Ledgerly offers.
          </p>
        ),
      },
      {
        question: "I forgot my password. What should I do?",
        answer: (
          <p>
            Select “Forgot password” on the <Link to="/login">sign-in page</Link> and enter your email address. We will
            email you a link to choose a new password. If you signed up with Google, simply sign in with Google instead.
          </p>
        ),
      },
      {
        question: "Is Ledgerly free to use?",
        answer: (
          <p>
            Yes. The free plan has no time limit and covers everyday tracking and budgeting. Premium adds deeper analysis
            and automation for {premiumPricesText(prices)}.
          </p>
        ),
      },
      {
        question: "Can I use Ledgerly on my phone?",
        answer: (
          <p>
            Yes. Ledgerly runs in the web browser on phones, tablets and computers, and your data stays in sync across all
            of them.
          </p>
        ),
      },
      {
        question: "Why was I signed out?",
        answer: (
          <p>
            To protect your financial information, you are signed out after 30 minutes of inactivity. A warning appears
            two minutes beforehand so you can choose to continue your session.
          </p>
        ),
      },
    ],
  },
  {
    id: "features",
    title: "Features",
    questions: [
      {
        question: "What is included in the free plan?",
        answer: (
          <ul>
            {FREE_FEATURES.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        ),
      },
      {
        question: "What does Premium add?",
        answer: (
          <>
            <p>Everything in the free plan, plus:</p>
            <ul>
              {PREMIUM_FEATURES.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </>
        ),
      },
      {
        question: "Can I connect my bank account?",
        answer: (
          <p>
            Yes, with Premium. Bank linking runs through Plaid, a widely used bank-connection provider. Once connected,
            new transactions are imported automatically and marked with a Bank badge so you can categorize them.
          </p>
        ),
      },
      {
        question: "Can I create my own categories?",
        answer: (
          <p>
            Yes, on every plan. Add income and spending categories, rename them, set a monthly budget for each, and drag
            them into the order you prefer.
          </p>
        ),
      },
      {
        question: "Does Ledgerly give financial advice?",
        answer: (
          <p>
            No. Ledgerly helps you organize and understand your own numbers, and its insights are for information only.
            For decisions about investments, taxes or major debts, talk to a qualified professional.
          </p>
        ),
      },
    ],
  },
  {
    id: "privacy-security",
    title: "Privacy & Security",
    questions: [
      {
        question: "Is my financial data secure?",
        answer: (
          <p>
            Your data travels over encrypted connections and is only ever available to your own account. Passwords are
            stored as salted hashes, and bank access tokens are encrypted at rest. Read the details in our{" "}
            <Link to="/privacy">Privacy Policy</Link>.
          </p>
        ),
      },
      {
        question: "Do you sell my data?",
        answer: (
          <p>
            Never. We share information only with the providers that run parts of the service, such as our payment
            processor, and only what they need to do so.
          </p>
        ),
      },
      {
        question: "Can Ledgerly see my bank password?",
        answer: (
          <p>
            No. When you link an account, you sign in to your bank through Plaid, and Ledgerly never sees or stores your
            bank username or password.
          </p>
        ),
      },
      {
        question: "How do I delete my account and data?",
        answer: (
          <>
            <p>
              Go to <Link to="/profile">Profile</Link>, select “Download or delete my data”, confirm with your password (or,
              if you sign in with Google, your email address) and select “Delete my account and all my data”.
            </p>
            <p>
              Your account is deleted at once and for good, with everything in it: transactions, accounts, budgets,
              categories, imports, savings goals, debts, insights, linked banks and the messages you sent us, and you are
              signed out on every device. An active Premium subscription is cancelled first, so you are not charged again;
              if it cannot be cancelled, nothing is deleted and you can try again. Download your data on the same page
              first if you want a copy.
            </p>
          </>
        ),
      },
    ],
  },
  {
    id: "billing-support",
    title: "Billing & Support",
    questions: [
      {
        question: "How much does Premium cost?",
        answer: (
          <p>
            Premium is {pricePerInterval(prices.monthly)}, or {pricePerInterval(prices.annual)} if you pay annually.
            {annualSavingSentence(prices)} See <Link to="/pricing">plans and pricing</Link> for a full comparison.
          </p>
        ),
      },
      {
        question: "Which currencies do you accept?",
        answer: <p>Billing is in US dollars (USD) only. We do not currently support other billing currencies.</p>,
      },
      {
        question: "Can I track money in other currencies?",
        answer: (
          <p>
            Yes. Each account keeps its own currency (a euro account in euros, a yen card in yen), and your dashboard, budgets,
            analytics and net worth are counted in the currency you choose, at the European Central Bank&apos;s reference rate of
            each transaction&apos;s day. When your bank charged another rate, enter it on the transaction. A bank file in
            another currency goes into an account in its currency, or, if you ask, is converted into one of your accounts
            at each day&apos;s rate, each transaction keeping its original amount.
          </p>
        ),
      },
      {
        question: "Is there a free trial?",
        answer: (
          <p>
            There is no trial period for Premium. The free plan is available with no time limit, so you can get to know
            Ledgerly before deciding whether to upgrade.
          </p>
        ),
      },
      {
        question: "How do I change or cancel my plan?",
        answer: (
          <p>
            Go to Subscription in the app menu. Plan changes take effect at the next billing cycle. If you downgrade, you
            keep Premium features until the end of your current billing period.
          </p>
        ),
      },
      {
        question: "Can I get a refund?",
        answer: (
          <p>
            Fees are non-refundable except where a refund is required by law. See our{" "}
            <Link to="/terms">Terms of Service</Link> for details.
          </p>
        ),
      },
      {
        question: "How do I contact support?",
        answer: (
          <p>
            Use our <Link to="/contact">contact form</Link> or email{" "}
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. Premium members receive priority support.
          </p>
        ),
      },
    ],
  },
];

export default function FaqPage() {
  const sections = faqSections(useLoaderData<typeof loader>().prices);
  return (
    <>
      <PageIntro eyebrow="Help center" title="Frequently asked questions">
        <p>Quick answers about accounts, features, privacy and billing.</p>
      </PageIntro>

      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <nav aria-label="FAQ sections">
          <ul className="flex flex-wrap justify-center gap-2">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="block rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-600 hover:text-brand-700"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        {sections.map((section) => (
          <section key={section.id} id={section.id} className="mt-12 scroll-mt-6">
            <h2 className="text-2xl font-bold tracking-tight text-slate-900">{section.title}</h2>
            <div className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
              {section.questions.map((item) => (
                <FaqItem key={item.question} question={item.question}>
                  {item.answer}
                </FaqItem>
              ))}
            </div>
          </section>
        ))}

        <section className="mt-16 rounded-2xl bg-brand-50 p-8 text-center">
          <h2 className="text-xl font-semibold text-slate-900">Still have a question?</h2>
          <p className="mt-2 text-slate-600">Send us a message and our support team will get back to you by email.</p>
          <Link to="/contact" className={`mt-6 ${PRIMARY_LINK_CLASS}`}>
            Contact us
          </Link>
        </section>
      </div>
    </>
  );
}
