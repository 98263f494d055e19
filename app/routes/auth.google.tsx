import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAnonymous } from "~/features/auth/auth.server";
import { isGoogleSignInConfigured } from "~/utils/env.server";
import { authenticateWithGoogle, googleRedirectCookie } from "~/integrations/google.server";
import { safeRedirect } from "~/utils/redirect";
import { requireSameOrigin } from "~/utils/security.server";
import { redirectWithToast } from "~/utils/flash.server";
import { readForm } from "~/utils/form-body.server";

export async function loader() {
  return redirect("/login");
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  await requireAnonymous(request);
  if (!isGoogleSignInConfigured()) {
    return redirectWithToast("/login", { type: "error", message: "Google sign-in is not available right now." });
  }
  const redirectTo = safeRedirect((await readForm(request.clone())).get("redirect"));
  try {
    return await authenticateWithGoogle(request);
  } catch (response) {
    if (response instanceof Response && response.status === 302) {
      response.headers.append("Set-Cookie", await googleRedirectCookie.serialize(redirectTo));
    }
    throw response;
  }
}
