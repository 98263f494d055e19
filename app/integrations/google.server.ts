import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { GoogleStrategy } from "remix-auth-google";
import { getEnv, secureCookiesEnabled } from "~/utils/env.server";

const OAUTH_COOKIE_MAX_AGE = 10 * 60;

/** Who Google says signed in. */
export type GoogleIdentity = {
  googleId: string;
  email: string;
  emailVerified: boolean;
  displayName: string;
  photoURL: string | null;
};

/**
 * How long the sign-in waits for Google's token and userinfo answers. The
 * strategy's own requests take no abort signal, so a late answer is left
 * behind rather than cancelled. Nothing is retried: Google's authorization
 * code is valid once, and the visitor can simply sign in again.
 */
const GOOGLE_TIMEOUT_MS = 10_000;

let authenticator: Authenticator<GoogleIdentity> | undefined;

/**
 * remix-auth only carries the OAuth state across the round trip to Google (in
 * its own short-lived cookie); the app session is created afterwards.
 */
function getGoogleAuthenticator() {
  if (authenticator) return authenticator;
  const env = getEnv();
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) throw new Error("Google sign-in is not configured.");
  const storage = createCookieSessionStorage({
    cookie: {
      name: "ledgerly_oauth",
      httpOnly: true,
      sameSite: "lax",
      path: "/auth",
      maxAge: OAUTH_COOKIE_MAX_AGE,
      secure: secureCookiesEnabled(),
      secrets: [env.SESSION_SECRET],
    },
  });
  authenticator = new Authenticator<GoogleIdentity>(storage, { throwOnError: true });
  authenticator.use(
    new GoogleStrategy(
      {
        clientID: env.GOOGLE_CLIENT_ID,
        clientSecret: env.GOOGLE_CLIENT_SECRET,
        callbackURL: `${env.APP_URL ?? ""}/auth/google/callback`,
        prompt: "select_account",
      },
      async ({ profile }) => ({
        googleId: profile.id,
        email: profile.emails?.[0]?.value ?? profile._json.email,
        emailVerified: Boolean(profile._json.email_verified),
        displayName: profile.displayName,
        photoURL: profile.photos?.[0]?.value ?? null,
      }),
    ),
  );
  return authenticator;
}

/**
 * Starts the round trip to Google (throws the redirect to its consent page),
 * or on the way back resolves to the identity Google vouches for.
 */
export async function authenticateWithGoogle(request: Request) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("Google did not answer in time.")), GOOGLE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([getGoogleAuthenticator().authenticate("google", request), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Where to go after Google sends the visitor back (the `redirect` they arrived with). */
export const googleRedirectCookie = createCookie("ledgerly_oauth_redirect", {
  httpOnly: true,
  sameSite: "lax",
  path: "/auth",
  maxAge: OAUTH_COOKIE_MAX_AGE,
});
