import { Link } from "@remix-run/react";
import { Logo } from "./brand";

/** Top bar of the public pages: logo, Login and Sign Up (Dashboard instead when signed in). */
export function PublicHeader({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <nav className="flex items-center gap-2 text-sm font-semibold" aria-label="Account">
          {signedIn ? (
            <Link to="/dashboard" className="rounded-lg bg-brand-600 px-4 py-2 text-white hover:bg-brand-700">
              Dashboard
            </Link>
          ) : (
            <>
              <Link to="/login" className="rounded-lg px-3 py-2 text-slate-700 hover:bg-slate-100">
                Login
              </Link>
              <Link to="/signup" className="rounded-lg bg-brand-600 px-4 py-2 text-white hover:bg-brand-700">
                Sign Up
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
