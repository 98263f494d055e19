import { Link } from "@remix-run/react";
import { Logo, PRODUCT_NAME } from "./brand";

export const SUPPORT_EMAIL = "support@ledgerly.app";
export const COMPANY = {
  name: "Ledgerly Inc.",
  parent: "Northwind Digital Holdings",
  address: "548 Market Street, Suite 400, San Francisco, CA 94104, USA",
  phone: "+1 (415) 555-0134",
};

const QUICK_LINKS = [
  { to: "/features", label: "Features" },
  { to: "/subscription", label: "Pricing" },
  { to: "/faq", label: "FAQ" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
];

const LEGAL_LINKS = [
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms of Service" },
  { to: "/accessibility", label: "Accessibility" },
];

const SOCIAL = ["Twitter", "LinkedIn", "Facebook"];

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-4">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-slate-600">
            {PRODUCT_NAME} helps you track spending, plan budgets and reach your savings goals.
          </p>
          <ul className="flex gap-3 text-sm text-slate-500" aria-label="Social media">
            {SOCIAL.map((name) => (
              <li key={name}>
                <span title={`${name} (coming soon)`}>{name}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Contact</h2>
          <address className="mt-3 space-y-1 text-sm not-italic text-slate-600">
            <p>{COMPANY.name}</p>
            <p>{COMPANY.address}</p>
            <p>
              <a className="hover:text-brand-700" href={`mailto:${SUPPORT_EMAIL}`}>
                {SUPPORT_EMAIL}
              </a>
            </p>
          </address>
        </div>
        <FooterLinks label="Quick links" heading="Quick Links" links={QUICK_LINKS} />
        <FooterLinks label="Legal" heading="Legal" links={LEGAL_LINKS} />
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-xs text-slate-500">
        © {new Date().getFullYear()} {COMPANY.name}, a subsidiary of {COMPANY.parent}. All rights reserved.
      </p>
    </footer>
  );
}

function FooterLinks({ label, heading, links }: { label: string; heading: string; links: ReadonlyArray<{ to: string; label: string }> }) {
  return (
    <nav aria-label={label}>
      <h2 className="text-sm font-semibold text-slate-900">{heading}</h2>
      <ul className="mt-3 space-y-1 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link className="text-slate-600 hover:text-brand-700" to={link.to}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
