import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === "true" || value === "1"));

const schema = z
  .object({
    NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
    APP_URL: z.url({ error: "APP_URL must be an absolute URL such as http://localhost:3000" }).optional(),
    MONGODB_URI: z.string({ error: "MONGODB_URI is required (the start script sets it for the embedded database)" }).min(1),
    MONGODB_MAX_POOL_SIZE: z.coerce.number().int().positive().optional(),
    SESSION_SECRET: z.string({ error: "SESSION_SECRET is required" }).min(16, "SESSION_SECRET must be at least 16 characters"),
    SECURE_COOKIES: booleanFlag,
    TRUST_PROXY: z.coerce.number({ error: "TRUST_PROXY must be the number of proxies in front of the app (0 when none)" }).int().min(0).default(0),
    RUN_JOBS: booleanFlag.transform((value) => value ?? true),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default("Ledgerly <no-reply@ledgerly.local>"),
    MAIL_OUTBOX_DIR: z.string().optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    AUTH_CONSOLE_URL: z.string().default("https://console.cloud.google.com/apis/credentials"),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_API_URL: z.url({ error: "STRIPE_API_URL must be an absolute URL such as http://127.0.0.1:12111" }).optional(),
    STRIPE_MAX_NETWORK_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
    STRIPE_PRICE_MONTHLY: z.string().optional(),
    STRIPE_PRICE_ANNUAL: z.string().optional(),
    OPENAI_API_KEY: z.string().optional(),
    OPENAI_BASE_URL: z.url({ error: "OPENAI_BASE_URL must be an absolute URL such as http://127.0.0.1:11434/v1" }).optional(),
    OPENAI_MODEL: z.string().min(1).default("gpt-4o-mini"),
    OPENAI_RETRY_BASE_DELAY_MS: z.coerce.number({ error: "OPENAI_RETRY_BASE_DELAY_MS must be a number of milliseconds" }).int().min(0).max(60_000).default(3000),
    OPENAI_TIMEOUT_MS: z.coerce.number({ error: "OPENAI_TIMEOUT_MS must be a number of milliseconds" }).int().min(1000).max(120_000).default(20_000),
    PLAID_CLIENT_ID: z.string().optional(),
    PLAID_SECRET: z.string().optional(),
    PLAID_ENV: z.enum(["sandbox", "production"], { error: "PLAID_ENV must be sandbox or production" }).default("sandbox"),
    PLAID_API_URL: z.url({ error: "PLAID_API_URL must be an absolute URL such as http://127.0.0.1:12113" }).optional(),
    PLAID_LINK_SCRIPT_URL: z.url({ error: "PLAID_LINK_SCRIPT_URL must be an absolute URL" }).default("https://cdn.plaid.com/link/v2/stable/link-initialize.js"),
    PLAID_WEBHOOK_URL: z.url({ error: "PLAID_WEBHOOK_URL must be an absolute URL such as https://ledgerly.example/webhooks/plaid" }).optional(),
    PLAID_COUNTRY_CODES: z.string().default("US"),
    TOKEN_ENCRYPTION_KEYS: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/]{43}=(,[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/]{43}=)*$/, {
        error: "TOKEN_ENCRYPTION_KEYS must be keyId:base64 (32 random bytes), comma-separated, the current key first",
      })
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SMTP_URL && !env.MAIL_OUTBOX_DIR) {
      ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "SMTP_URL is required in production (or MAIL_OUTBOX_DIR to write emails to files)" });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({ code: "custom", path: ["GOOGLE_CLIENT_SECRET"], message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together" });
    }
    if (Boolean(env.PLAID_CLIENT_ID) !== Boolean(env.PLAID_SECRET)) {
      ctx.addIssue({ code: "custom", path: ["PLAID_SECRET"], message: "PLAID_CLIENT_ID and PLAID_SECRET must be set together" });
    }
    if (env.NODE_ENV === "production" && !env.TOKEN_ENCRYPTION_KEYS) {
      ctx.addIssue({
        code: "custom",
        path: ["TOKEN_ENCRYPTION_KEYS"],
        message: "TOKEN_ENCRYPTION_KEYS is required in production: bank access tokens are encrypted with it (keyId:base64 of 32 random bytes)",
      });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY" });
    }
  });

export type ServerEnv = z.infer<typeof schema>;

/** Validates an environment; the error names every variable that is missing or wrong. */
export function parseEnv(source: Record<string, string | undefined>): ServerEnv {
  const result = schema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  - ${issue.path.join(".") || "environment"}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join("\n")}\nSee .env.example for every variable.`);
  }
  return result.data;
}

let cached: ServerEnv | undefined;

/** Reads and validates process.env once; a bad environment stops the start. */
export function getEnv(): ServerEnv {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The only values the browser may see (window.ENV). */
export function getPublicEnv() {
  const env = getEnv();
  return { MODE: env.NODE_ENV, GOOGLE_SIGN_IN: Boolean(env.GOOGLE_CLIENT_ID) };
}

export function isGoogleSignInConfigured() {
  return Boolean(getEnv().GOOGLE_CLIENT_ID);
}

/** Where links sent outside the app (reset emails, Stripe's return pages) point: APP_URL, else the request's own origin. */
export function appOrigin(request: Request) {
  return getEnv().APP_URL ?? new URL(request.url).origin;
}

export function secureCookiesEnabled() {
  const env = getEnv();
  return env.SECURE_COOKIES ?? env.NODE_ENV === "production";
}
