import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { getUserId } from "~/features/auth/auth.server";
import { requireSameOrigin } from "~/utils/security.server";

/** Activity in the browser slides the server session's idle window forward; an ended session goes to /login. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  if (!(await getUserId(request))) throw redirect("/login");
  return new Response(null, { status: 204 });
}
