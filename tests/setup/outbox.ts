import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

export type SentEmail = { to: string; subject: string; text: string; html: string };

/** The emails the app wrote into the test outbox (MAIL_OUTBOX_DIR) for `to`, oldest first. */
export async function emailsTo(to: string): Promise<SentEmail[]> {
  const outbox = process.env.MAIL_OUTBOX_DIR!;
  const files = (await readdir(outbox)).sort();
  const emails: SentEmail[] = await Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(outbox, file), "utf8"))));
  return emails.filter((email) => email.to === to);
}
