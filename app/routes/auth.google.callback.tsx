import type { LoaderFunctionArgs } from "@remix-run/node";
import { signIn } from "~/utils/auth.server";
import { getGoogleAuthenticator, googleRedirectCookie } from "~/utils/google-auth.server";
import { safeRedirect } from "~/utils/redirect";
import { redirectWithToast } from "~/utils/toast.server";
import { upsertGoogleUser } from "~/utils/user.server";

function failure(reason: string) {
  return redirectWithToast("/login", { type: "error", message: `Google sign-up failed: ${reason}` });
}

export async function loader({ request }: LoaderFunctionArgs) {
  let identity;
  try {
    identity = await getGoogleAuthenticator().authenticate("google", request);
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
