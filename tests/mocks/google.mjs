import { http, HttpResponse } from "msw";

/**
 * Google's token and userinfo endpoints. The browser test answers Google's
 * consent page itself and sends back a `code` that is the base64url JSON of the
 * identity to sign in as; the access token carries it on to userinfo.
 */
export function identityFromCode(code) {
  return JSON.parse(Buffer.from(code, "base64url").toString("utf8"));
}

export const googleHandlers = [
  http.post("https://oauth2.googleapis.com/token", async ({ request }) => {
    const body = new URLSearchParams(await request.text());
    const code = body.get("code");
    if (!code || body.get("client_id") !== "ledgerly-test-client") {
      return HttpResponse.json({ error: "invalid_grant" }, { status: 400 });
    }
    return HttpResponse.json({
      access_token: code,
      expires_in: 3599,
      token_type: "Bearer",
      scope: "openid email profile",
      id_token: "stand-in",
    });
  }),
  http.get("https://www.googleapis.com/oauth2/v3/userinfo", ({ request }) => {
    const token = request.headers.get("Authorization")?.replace(/^Bearer /, "");
    if (!token) return HttpResponse.json({ error: "invalid_token" }, { status: 401 });
    const identity = identityFromCode(token);
    return HttpResponse.json({
      sub: identity.sub,
      name: identity.name,
      given_name: identity.name.split(" ")[0],
      family_name: identity.name.split(" ").slice(1).join(" "),
      picture: "https://lh3.googleusercontent.com/a/stand-in",
      email: identity.email,
      email_verified: true,
      locale: "en",
      hd: "",
    });
  }),
];
