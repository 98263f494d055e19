import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { LegalDocument, type LegalSection } from "~/components/marketing";
import { COMPANY, SUPPORT_EMAIL } from "~/components/site-footer";

export const meta: MetaFunction = () => [
  { title: "Privacy Policy | Ledgerly" },
  {
    name: "description",
    content:
      "How Ledgerly collects, uses, stores and protects your personal and financial information, and the choices you have.",
  },
];

const SECTIONS: LegalSection[] = [
  {
    id: "information-we-collect",
    heading: "Information we collect",
    content: (
      <>
        <p>We collect only what we need to run the service:</p>
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address and password. If you sign in with Google, we
            receive your name, email address and profile picture from Google instead of a password.
          </li>
          <li>
            <strong>Financial information you enter:</strong> transactions, categories, budgets, savings goals and debts.
          </li>
          <li>
            <strong>Linked bank data (Premium):</strong> if you connect a bank account, we receive account names,
            balances and transactions through our bank-linking provider. We never see or store your bank username or
            password.
          </li>
          <li>
            <strong>Subscription details:</strong> your plan, its status and billing dates. Card details are entered
            directly with our payment processor and never reach our servers.
          </li>
          <li>
            <strong>Messages you send us:</strong> the content of contact form submissions and support emails.
          </li>
          <li>
            <strong>Technical information:</strong> your IP address, browser type and the times you sign in, which we use
            to keep accounts secure.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "how-we-use-information",
    heading: "How we use your information",
    content: (
      <>
        <p>We use your information to:</p>
        <ul>
          <li>provide the service, including your dashboard, budgets, reports and the features of your plan;</li>
          <li>process payments and manage your subscription;</li>
          <li>send messages you ask for, such as password reset emails, and important notices about your account;</li>
          <li>answer your questions and support requests;</li>
          <li>protect the service and our users, for example by limiting repeated failed sign-in attempts;</li>
          <li>understand which parts of the service need fixing or improving.</li>
        </ul>
        <p>We do not use your financial information for advertising.</p>
      </>
    ),
  },
  {
    id: "storage-and-security",
    heading: "Storage and security",
    content: (
      <>
        <p>
          Your data is sent over encrypted connections and each account can reach only its own records. Passwords are
          stored as salted hashes, never in readable form. Sessions are recorded on our servers, so they can be revoked at
          any time; signing out ends your session immediately, and a session also ends after 30 minutes of inactivity.
          Access tokens for linked bank accounts are encrypted at rest.
        </p>
        <p>
          No system is perfectly secure, but we review our safeguards regularly and will notify you and the relevant
          authorities of a breach affecting your personal information where the law requires it.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    heading: "How we share information",
    content: (
      <>
        <p>
          We never sell your personal information. We share it only with the service providers that help us run Ledgerly,
          and only the part each one needs:
        </p>
        <ul>
          <li>
            <strong>Stripe</strong>, our payment processor, to take subscription payments.
          </li>
          <li>
            <strong>Plaid</strong>, our bank-linking provider, when you choose to connect a bank account.
          </li>
          <li>
            <strong>OpenAI</strong> (or the AI service we are configured with), only when you use Premium features that
            generate AI insights and have not turned AI insights off in your profile. Only what those insights need is
            sent: for spending insights, the month&apos;s income, expenses, net and budget, your top five categories and
            your last 100 transactions (date, amount, category and description); for debt strategies, your debts&apos;
            names, types, balances, interest rates, minimum payments and priorities and your last 50 transactions. We
            never send your name, email address, account or bank details, or our own record ids. With AI insights turned
            off, or when no AI service is configured, insights are computed on our own servers and nothing is sent.
          </li>
        </ul>
        <p>
          These providers handle your information under their own privacy policies and their agreements with us. We may
          also disclose information when the law requires it, or to {COMPANY.parent}, our parent company, or a successor
          if our business is reorganized or sold, in which case this policy will continue to protect it.
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    heading: "Cookies",
    content: (
      <>
        <p>We use two cookies, both required for the service to work:</p>
        <ul>
          <li>a session cookie that holds only a random session identifier, so we know you are signed in;</li>
          <li>a short-lived notification cookie that carries a one-time message, such as a confirmation, to the next page you see.</li>
        </ul>
        <p>We do not use advertising or cross-site tracking cookies.</p>
      </>
    ),
  },
  {
    id: "your-rights",
    heading: "Your rights",
    content: (
      <>
        <p>Whatever country you live in, you can ask us to:</p>
        <ul>
          <li>give you access to the personal information we hold about you;</li>
          <li>export a copy of your data in a machine-readable format;</li>
          <li>correct information that is inaccurate;</li>
          <li>delete your account and the data associated with it.</li>
        </ul>
        <p>
          To make a request, email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> from the address linked to your
          account. We answer within 30 days and may need to confirm your identity first.
        </p>
      </>
    ),
  },
  {
    id: "data-retention",
    heading: "Data retention",
    content: (
      <p>
        We keep your information for as long as your account is open. When you delete your account, we delete your
        personal and financial data within 30 days, except billing records we must keep to meet tax and accounting
        obligations.
      </p>
    ),
  },
  {
    id: "children",
    heading: "Children",
    content: (
      <p>
        Ledgerly is not intended for anyone under 18, and we do not knowingly collect information from children. If you
        believe a child has created an account, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: "changes",
    heading: "Changes to this policy",
    content: (
      <p>
        We may update this policy as the service changes. The date at the top shows when it was last revised. If a change
        materially affects how we handle your information, we will tell you by email or in the app before it takes effect.
      </p>
    ),
  },
  {
    id: "contact",
    heading: "Contact us",
    content: (
      <p>
        Questions about this policy or your data? Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>, use our{" "}
        <Link to="/contact">contact form</Link>, or write to {COMPANY.name}, {COMPANY.address}.
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      lastUpdated="March 15, 2025"
      intro={
        <p>
          This policy explains how {COMPANY.name} (“Ledgerly”, “we”, “us”) collects, uses and protects your information
          when you use the Ledgerly website and app. Your financial data is personal, and we treat it that way.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
