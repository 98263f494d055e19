import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportAccountData } from "~/features/account/account.server";
import { logout, requireUserId } from "~/features/auth/auth.server";
import { todayIso } from "~/lib/month";

/** Downloads everything Ledgerly keeps of the signed-in user: one zip of JSON and the transactions CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  const archive = await exportAccountData(userId);
  if (!archive) throw await logout(request);
  return new Response(archive, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="ledgerly-data-${todayIso()}.zip"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
