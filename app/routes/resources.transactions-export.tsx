import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUserId } from "~/features/auth/auth.server";
import { transactionsCsvStream } from "~/features/csv/csv.server";
import { todayIso } from "~/lib/month";

/** Downloads all of the signed-in user's transactions, deleted ones included, as CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  return new Response(await transactionsCsvStream(userId), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="ledgerly-transactions-${todayIso()}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
