import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { LegalDocument, type LegalSection } from "~/components/marketing";
import { SUPPORT_EMAIL } from "~/components/site-footer";

export const meta: MetaFunction = () => [
  { title: "Accessibility Statement | Ledgerly" },
  {
    name: "description",
    content: "How accessible Ledgerly is, what we tested and how, what is known not to work yet, and how to tell us about a problem.",
  },
];

/** The day of the audit this statement reports (decision 232); a new audit gives a new date. */
const TESTED_ON = "December 3, 2026";

const SECTIONS: LegalSection[] = [
  {
    id: "standard",
    heading: "Our standard",
    content: (
      <p>
        We aim for Ledgerly to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA, on the website and in the
        app, with JavaScript on and with it off: every page and every form works without JavaScript.
      </p>
    ),
  },
  {
    id: "status",
    heading: "Conformance status",
    content: (
      <>
        <p>
          <strong>Partially conformant.</strong> Automated checks find no serious or critical problem on any page we test, and
          keyboard focus is tested where dialogs and panels open. That is not a full audit: no one has yet tested Ledgerly
          with a screen reader or reviewed every success criterion by hand, and the problems listed under “What does not work
          yet” remain.
        </p>
      </>
    ),
  },
  {
    id: "what-we-tested",
    heading: "What we tested",
    content: (
      <>
        <p>Every page of the website and the app, in each of these states, once with JavaScript on and once with it off:</p>
        <ul>
          <li>the public pages signed out: home, features, plans, FAQ, about, contact (with and without errors), privacy, terms, this page, sign-in, sign-up, password reset;</li>
          <li>
            the app as a Premium user with data (accounts, one closed; transactions of each kind, tags, a rule and its preview,
            bills and paychecks, a debt, a savings goal with a withdrawal, assets, a budget, insights), as a Premium user with
            no data yet (the empty pages), and as a free user (the locked Premium pages);
          </li>
          <li>each tab (transactions, analytics, the dashboard&apos;s category views and its transactions panel);</li>
          <li>
            each dialog and panel (confirmations, the add and edit transaction forms, the budget, goal, withdrawal, asset and
            debt forms, two-factor setup, the session-expiry warning) and each form showing its errors;
          </li>
          <li>the import steps (a refused file, the preview, the undo confirmation), reconciling an account, a linked bank in error, and the payment pages;</li>
          <li>the dashboard on a phone-sized screen with its menu open.</li>
        </ul>
      </>
    ),
  },
  {
    id: "how-we-tested",
    heading: "How we tested",
    content: (
      <ul>
        <li>
          <strong>Automated checks</strong> with axe-core 4.14 (through @axe-core/playwright 4.13) in Chromium: its default rule set
          (the WCAG 2.0, 2.1 and 2.2 A and AA rules and its best practices) plus “label-content-name-mismatch” (WCAG 2.5.3: a
          control&apos;s name holds the text it shows). Every serious and critical finding was fixed; moderate and minor findings
          were not all reviewed. These checks run with every change to Ledgerly.
        </li>
        <li>
          <strong>Keyboard focus tests</strong>, automated in the same browser: a dialog or panel opened by a link or a button takes
          focus (its title, its first field or its Cancel button), and closing it gives focus back to what opened it; without
          JavaScript the link aims at the panel, so the browser moves focus there.
        </li>
        <li>
          <strong>Not done yet:</strong> tests with screen readers (NVDA, JAWS, VoiceOver, TalkBack), with browsers other than
          Chromium, with speech input, and a manual check of zoom to 400%.
        </li>
      </ul>
    ),
  },
  {
    id: "known-problems",
    heading: "What does not work yet",
    content: (
      <ul>
        <li>
          Charts are drawn as images (SVG). Each has a title and a description, and “Show data table” under it opens the same
          figures as a table. The table is the accessible alternative; the chart itself does not read well point by point.
        </li>
        <li>In an open dialog, the Tab key can move past its last button to the page behind; Escape or Cancel closes it.</li>
        <li>
          On the debt management page, the Pay, History and Edit panels of a debt open in the page without taking focus: move to
          them with Tab.
        </li>
        <li>Paying (Stripe) and linking a bank (Plaid) happen on our providers&apos; pages, which we did not test.</li>
      </ul>
    ),
  },
  {
    id: "report",
    heading: "Tell us about a problem",
    content: (
      <p>
        If something in Ledgerly is hard or impossible for you to use, tell us through our <Link to="/contact">contact page</Link>{" "}
        (choose “Bug Report”) or at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>: what you were doing, the page, and the
        browser and assistive technology you use. We usually answer within two business days.
      </p>
    ),
  },
];

export default function AccessibilityStatementPage() {
  return (
    <LegalDocument
      title="Accessibility Statement"
      lastUpdated={TESTED_ON}
      intro={<p>This statement says how accessible Ledgerly is, what we tested on {TESTED_ON} and how, and what is known not to work yet.</p>}
      sections={SECTIONS}
    />
  );
}
