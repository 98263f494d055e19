import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LegalDocument, type LegalSection } from "~/components/marketing";
import { COMPANY, SUPPORT_EMAIL } from "~/components/site-footer";
import { premiumPricesText, type PremiumPrices } from "~/features/billing/plans";
import { getPremiumPrices } from "~/features/billing/prices.server";

export async function loader() {
  return { prices: await getPremiumPrices() };
}

export const meta: MetaFunction = () => [
  { title: "Terms of Service | Ledgerly" },
  {
    name: "description",
    content:
      "The terms that govern your use of Ledgerly, including eligibility, accounts, Premium subscriptions and billing, acceptable use and liability.",
  },
];

const termsSections = (prices: PremiumPrices): LegalSection[] => [
  {
    id: "eligibility",
    heading: "Eligibility",
    content: (
      <p>
        You must be at least 18 years old and able to enter into a binding contract to use Ledgerly. By creating an
        account you confirm that you meet these requirements.
      </p>
    ),
  },
  {
    id: "accounts",
    heading: "Your account",
    content: (
      <>
        <p>
          You can sign up with an email address and password or with a Google account. You agree to give accurate
          information, to keep your password private, and to tell us promptly at{" "}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> if you suspect someone else has used your account.
        </p>
        <p>
          You are responsible for activity under your account. The information you enter into Ledgerly remains yours;
          you give us permission to store and process it only to provide the service, as described in our{" "}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: "subscriptions-and-billing",
    heading: "Subscriptions and billing",
    content: (
      <>
        <p>
          Ledgerly offers a free plan and a Premium plan. Premium costs {premiumPricesText(prices)}. Prices are billed
          in US dollars (USD) only, and there is no trial period.
        </p>
        <ul>
          <li>
            Payments are processed by Stripe. Your subscription renews automatically at the end of each billing period
            until you cancel it.
          </li>
          <li>Plan changes, such as switching between monthly and annual billing, take effect at the next billing cycle.</li>
          <li>
            If you downgrade or cancel, you keep Premium features until the end of the billing period you have already
            paid for, and you are not charged again.
          </li>
          <li>
            We may change our prices. A new price applies only from your next billing period after we have given you
            notice, and you can cancel before it takes effect.
          </li>
          <li>You are responsible for any taxes that apply to your purchase, unless they are included in the price shown.</li>
        </ul>
      </>
    ),
  },
  {
    id: "refunds",
    heading: "Refunds",
    content: (
      <p>
        Fees are non-refundable, including for partially used billing periods, except where a refund is required by law.
      </p>
    ),
  },
  {
    id: "acceptable-use",
    heading: "Acceptable use",
    content: (
      <>
        <p>When using Ledgerly, you agree not to:</p>
        <ul>
          <li>break any law, or use the service to support fraud or money laundering;</li>
          <li>access another person's account or data, or attempt to bypass our security measures;</li>
          <li>interfere with the service, for example by overloading it or introducing malicious code;</li>
          <li>copy, resell or build a competing product from the service, or scrape it by automated means;</li>
          <li>link bank accounts that you are not authorized to access.</li>
        </ul>
      </>
    ),
  },
  {
    id: "third-party-services",
    heading: "Third-party services",
    content: (
      <p>
        Some features rely on other companies, such as Stripe for payments, Plaid for bank linking and OpenAI for
        AI-generated insights. Your use of those features is also subject to their terms. We are not responsible for the
        availability or accuracy of data that third parties provide, including transactions imported from your bank.
      </p>
    ),
  },
  {
    id: "not-financial-advice",
    heading: "Not financial advice",
    content: (
      <p>
        Ledgerly is an organizational tool. Reports, insights and suggestions, including those generated automatically,
        are for information only and are not financial, investment, tax or legal advice. Consider speaking with a
        qualified professional before making significant financial decisions.
      </p>
    ),
  },
  {
    id: "disclaimers-and-liability",
    heading: "Disclaimers and limitation of liability",
    content: (
      <>
        <p>
          The service is provided “as is” and “as available”. We work hard to keep it accurate and running, but we do not
          guarantee that it will be uninterrupted or error-free.
        </p>
        <p>
          To the fullest extent permitted by law, {COMPANY.name} is not liable for indirect, incidental, special or
          consequential damages, or for lost profits or data. Our total liability for any claim relating to the service is
          limited to the fees you paid us in the 12 months before the claim arose. Nothing in these terms limits liability
          that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: "termination",
    heading: "Termination",
    content: (
      <p>
        You may stop using Ledgerly and close your account at any time. We may suspend or close an account that breaks
        these terms or puts other users or the service at risk; where reasonable we will warn you first. When an account is
        closed, your data is handled as described in our <Link to="/privacy">Privacy Policy</Link>.
      </p>
    ),
  },
  {
    id: "changes",
    heading: "Changes to these terms",
    content: (
      <p>
        We may update these terms from time to time. The date at the top shows the latest version. If a change is
        significant, we will notify you by email or in the app before it takes effect. Continuing to use Ledgerly after
        that means you accept the updated terms.
      </p>
    ),
  },
  {
    id: "governing-law",
    heading: "Governing law",
    content: (
      <p>
        These terms are governed by the laws of the State of California, USA, without regard to its conflict-of-law
        rules. Disputes will be heard in the state or federal courts located in San Francisco County, California, unless
        the law where you live gives you the right to bring a claim in your local courts.
      </p>
    ),
  },
  {
    id: "contact",
    heading: "Contact us",
    content: (
      <p>
        Questions about these terms? Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>, use our{" "}
        <Link to="/contact">contact form</Link>, or write to {COMPANY.name}, {COMPANY.address}.
      </p>
    ),
  },
];

export default function TermsOfServicePage() {
  const { prices } = useLoaderData<typeof loader>();
  return (
    <LegalDocument
      title="Terms of Service"
      lastUpdated="March 15, 2025"
      intro={
        <p>
          These terms are an agreement between you and {COMPANY.name}, a subsidiary of {COMPANY.parent} (“Ledgerly”,
          “we”, “us”). They apply to the Ledgerly website and app. By creating an account or using the service, you agree
          to them.
        </p>
      }
      sections={termsSections(prices)}
    />
  );
}
