import type { MetaFunction } from "@remix-run/node";
import { PageIntro, SignUpCallToAction } from "~/components/marketing";
import { COMPANY } from "~/components/site-footer";

export const meta: MetaFunction = () => [
  { title: "About Us | Ledgerly" },
  {
    name: "description",
    content: `Ledgerly is built by ${COMPANY.name}, a subsidiary of ${COMPANY.parent}. Learn about our mission, our story and the values behind the product.`,
  },
];

const VALUES = [
  {
    name: "Simplicity",
    description:
      "Money is complicated enough. Every screen should answer one question clearly, and nothing should need a manual.",
  },
  {
    name: "Transparency",
    description:
      "Plain prices, plain language and a clear account of what we do with your data. You should never have to guess.",
  },
  {
    name: "Empowerment",
    description:
      "We give you the numbers and the context, and trust you to make the decisions. Your money, your choices.",
  },
  {
    name: "Innovation",
    description:
      "We keep looking for better ways to help, from automatic bank imports to insights that spot what a spreadsheet would miss.",
  },
];

const COMPANY_FACTS = [
  { label: "Company", value: COMPANY.name },
  { label: "Parent company", value: COMPANY.parent },
  { label: "Founded", value: "2023" },
  { label: "Headquarters", value: COMPANY.address },
];

export default function AboutPage() {
  return (
    <>
      <PageIntro eyebrow="About us" title="Helping people feel at home with their money">
        <p>
          {COMPANY.name} builds Ledgerly, a personal finance app for people who want to understand their spending without
          becoming accountants.
        </p>
      </PageIntro>

      <div className="mx-auto max-w-6xl space-y-16 px-4 py-16 sm:px-6 lg:py-20">
        <section className="grid gap-10 lg:grid-cols-2">
          <div>
            <h2 className="text-2xl font-bold tracking-tight text-slate-900">Our mission</h2>
            <p className="mt-4 text-slate-700">
              We believe that everyone deserves a clear picture of their finances, whatever they earn. Our mission is to
              replace the anxiety of not knowing with the confidence of a plan: where the money went, where it is going,
              and what to do next.
            </p>
          </div>
          <div>
            <h2 className="text-2xl font-bold tracking-tight text-slate-900">Our story</h2>
            <div className="mt-4 space-y-4 text-slate-700">
              <p>
                Ledgerly was founded in 2023 by a small team who had each tried, and abandoned, a long line of budgeting
                spreadsheets. The tools we found were either too simple to be useful or so detailed that keeping them up
                to date became a second job.
              </p>
              <p>
                So we built the app we wanted: quick to update, honest about where the month is heading, and helpful
                when life does not go to plan. Today {COMPANY.name} operates as a subsidiary of {COMPANY.parent}, whose
                backing lets our team stay focused on a single product and the people who use it.
              </p>
            </div>
          </div>
        </section>

        <section>
          <h2 className="text-center text-2xl font-bold tracking-tight text-slate-900">Our values</h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map((value) => (
              <li key={value.name} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <h3 className="text-lg font-semibold text-brand-700">{value.name}</h3>
                <p className="mt-2 text-slate-600">{value.description}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-10">
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">Company information</h2>
          <dl className="mt-6 grid gap-6 sm:grid-cols-2">
            {COMPANY_FACTS.map((fact) => (
              <div key={fact.label}>
                <dt className="text-sm font-medium text-slate-500">{fact.label}</dt>
                <dd className="mt-1 text-slate-900">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>

      <SignUpCallToAction heading="Join us" linkLabel="Create your free account">
        Take the first step toward calmer finances. Ledgerly is free to start, and your data stays yours.
      </SignUpCallToAction>
    </>
  );
}
