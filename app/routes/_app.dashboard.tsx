import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/utils/auth.server";
import type { PageHandle } from "~/utils/page-title";

export const handle: PageHandle = { title: "Dashboard" };
export const meta: MetaFunction = () => [{ title: "Dashboard | Ledgerly" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { displayName: user.displayName || user.email };
}

export default function Dashboard() {
  const { displayName } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-5xl space-y-4">
      <h2 className="text-2xl font-bold text-slate-900">Welcome, {displayName}</h2>
    </section>
  );
}
