import { Link } from "@remix-run/react";

export const PRODUCT_NAME = "Ledgerly";

export function Logo({ to = "/" }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 font-bold text-slate-900" aria-label={`${PRODUCT_NAME} home`}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span className="text-lg tracking-tight">{PRODUCT_NAME}</span>
    </Link>
  );
}
