import type { ReactNode } from "react";
import { useOptionalUser } from "~/features/auth/use-optional-user";
import { NoticeRegion } from "./notice-region";
import { PublicHeader } from "./public-header";
import { SiteFooter } from "./site-footer";

export function PublicLayout({ children }: { children: ReactNode }) {
  const user = useOptionalUser();
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader signedIn={Boolean(user)} />
      <main className="flex-1">
        <NoticeRegion className="mx-auto max-w-6xl px-4 py-4 sm:px-6" />
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
