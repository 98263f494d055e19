import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "~/utils/env.server";

type Email = { to: string; subject: string; text: string; html: string };

/**
 * An SMTP server that stops answering fails the send instead of holding the
 * visitor's request: connecting, the greeting and every later read each have
 * a limit (query parameters of SMTP_URL override them). A failed send is not
 * retried; the visitor can ask for another email.
 */
const SMTP_TIMEOUTS = { dnsTimeout: 10_000, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

let transport: Transporter | undefined;

/**
 * Sends through SMTP_URL; without it, writes each message as JSON into
 * MAIL_OUTBOX_DIR (local runs and tests read the reset link from there).
 */
export async function sendEmail(email: Email) {
  const env = getEnv();
  if (env.SMTP_URL) {
    transport ??= nodemailer.createTransport({ url: env.SMTP_URL, ...SMTP_TIMEOUTS });
    await transport.sendMail({ from: env.MAIL_FROM, ...email });
    return;
  }
  if (!env.MAIL_OUTBOX_DIR) throw new Error("no SMTP server is configured");
  await mkdir(env.MAIL_OUTBOX_DIR, { recursive: true });
  const file = path.join(env.MAIL_OUTBOX_DIR, `${Date.now()}-${crypto.randomUUID()}.json`);
  await writeFile(file, JSON.stringify({ from: env.MAIL_FROM, ...email, sentAt: new Date().toISOString() }, null, 2));
}
