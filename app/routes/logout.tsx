import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { logout } from "~/features/auth/auth.server";
import { requireSameOrigin } from "~/utils/security.server";

export async function loader() {
  return redirect("/login");
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  return logout(request);
}
