// Backups of the whole database as gzipped lines of canonical Extended JSON, written and read through the
// MongoDB driver, so they work on every backend (embedded PostgreSQL, SQLite, MongoDB) alike.
import { createReadStream, createWriteStream } from "node:fs";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { Readable } from "node:stream";
import { BSON, type Document } from "mongodb";
import { allModels, Transaction } from "../../../models";
import { recountLedger } from "~/features/transactions/ledger-journal.server";

const BACKUP_FORMAT = "ledgerly-backup";
const BACKUP_VERSION = 1;

/**
 * What a backup leaves out, and why: what is recomputed on restore (month
 * summaries, from the transactions), and what is only worth anything for
 * minutes (sessions, uploads waiting for their import, rate-limit counts).
 */
export const NOT_BACKED_UP: Record<string, string> = {
  monthSummaries: "recomputed from the transactions on restore",
  accountDayNets: "recomputed from the transactions on restore, with the month summaries",
  ledgerJournals: "which batch holds a user's ledger: none after a restore, which recounts every user",
  sessions: "signed-in devices sign in again after a restore",
  importDrafts: "uploads waiting for their preview expire within a day",
  rateLimits: "attempt counts expire within the hour",
  exchangeRates: "fetched again from the European Central Bank",
  reportingRecounts: "progress of a recount in a new currency: a restore recounts every user",
};

/** The collections a backup holds, in the order they are written and restored. */
export function backedUpCollections() {
  return allModels.map((model) => model.collection.collectionName).filter((name) => !(name in NOT_BACKED_UP));
}

function collectionOf(name: string) {
  const model = allModels.find((candidate) => candidate.collection.collectionName === name);
  if (!model) throw new Error(`The backup holds an unknown collection "${name}".`);
  return model.collection;
}

type Header = { format: string; version: number; createdAt: string; collections: string[] };
type DocumentLine = { collection: string; document: Document };
type EndLine = { end: true; counts: Record<string, number> };

/** The backup's lines; `counts` is filled with the documents written per collection as they are. */
async function* backupLines(now: Date, counts: Record<string, number>) {
  const collections = backedUpCollections();
  const header: Header = { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: now.toISOString(), collections };
  yield `${JSON.stringify(header)}\n`;
  for (const name of collections) {
    counts[name] = 0;
    for await (const document of collectionOf(name).find({}).sort({ _id: 1 })) {
      counts[name] += 1;
      yield `${BSON.EJSON.stringify({ collection: name, document }, { relaxed: false })}\n`;
    }
  }
  yield `${JSON.stringify({ end: true, counts })}\n`;
}

/** Writes every backed-up collection to `file` (gzip); resolves to the documents written per collection. */
export async function writeBackup(file: string, now = new Date()) {
  const counts: Record<string, number> = {};
  await pipeline(Readable.from(backupLines(now, counts)), createGzip(), createWriteStream(file, { mode: 0o600 }));
  return counts;
}

const RESTORE_BATCH_SIZE = 500;

/**
 * Replaces the database's contents with the backup in `file`: the file is
 * read whole and checked (format, version, a complete ending) before anything
 * is deleted; then every collection is emptied, the backed-up ones refilled,
 * and every user's month summaries recomputed from the restored transactions.
 */
export async function restoreBackup(file: string) {
  const documents = new Map<string, Document[]>();
  let header: Header | null = null;
  let end: EndLine | null = null;
  const reader = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const text of reader) {
    if (text.trim() === "") continue;
    if (!header) {
      header = JSON.parse(text) as Header;
      if (header.format !== BACKUP_FORMAT || header.version !== BACKUP_VERSION) throw new Error(`${file} is not a Ledgerly backup of version ${BACKUP_VERSION}.`);
      for (const name of header.collections) {
        collectionOf(name);
        documents.set(name, []);
      }
      continue;
    }
    if (text.startsWith('{"end":')) {
      end = JSON.parse(text) as EndLine;
      continue;
    }
    const line = BSON.EJSON.parse(text, { relaxed: false }) as DocumentLine;
    const list = documents.get(line.collection);
    if (!list) throw new Error(`The backup holds documents of "${line.collection}", which its header does not list.`);
    list.push(line.document);
  }
  if (!header || !end) throw new Error(`${file} is incomplete: it does not end like a finished backup.`);
  for (const [name, list] of documents) {
    if (list.length !== end.counts[name]) throw new Error(`${file} is incomplete: ${name} holds ${list.length} of ${end.counts[name]} documents.`);
  }

  // What is not in the backup goes too: summaries are recomputed below, sessions and uploads belonged to the old data.
  for (const model of allModels) await model.collection.deleteMany({});
  for (const [name, list] of documents) {
    const collection = collectionOf(name);
    for (let start = 0; start < list.length; start += RESTORE_BATCH_SIZE) await collection.insertMany(list.slice(start, start + RESTORE_BATCH_SIZE));
  }
  const userIds: unknown[] = await Transaction.distinct("userId");
  for (const userId of userIds) await recountLedger(String(userId));
  return { createdAt: header.createdAt, counts: end.counts };
}
