import type { LoaderFunctionArgs } from "@remix-run/node";
import { signIn } from "~/features/auth/auth.server";
import { authenticateWithGoogle, googleRedirectCookie } from "~/integrations/google.server";
import { safeRedirect } from "~/utils/redirect";
import { redirectWithToast } from "~/utils/flash.server";
import { upsertGoogleUser } from "~/features/auth/user.server";

function failure(reason: string) {
  return redirectWithToast("/login", { type: "error", message: `Google sign-up failed: ${reason}` });
}

export async function loader({ request }: LoaderFunctionArgs) {
  let identity;
  try {
    identity = await authenticateWithGoogle(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    return failure(error instanceof Error ? error.message : "unknown error");
  }
  if (!identity.email) return failure("Google did not share an email address.");
  try {
    const { userId, disabled } = await upsertGoogleUser(identity);
    if (disabled) return redirectWithToast("/login", { type: "error", message: "This account has been disabled. Please contact support." });
    const redirectTo = safeRedirect(await googleRedirectCookie.parse(request.headers.get("Cookie")));
    return await signIn(userId, request, redirectTo);
  } catch (error) {
    return failure(error instanceof Error ? error.message : "unknown error");
  }
}
