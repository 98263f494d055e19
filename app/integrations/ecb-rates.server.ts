import { ExponentialBackoff, handleWhen, retry, TaskCancelledError, timeout, TimeoutStrategy, wrap } from "cockatiel";
import { XMLParser } from "fast-xml-parser";
import { isRateText } from "~/lib/conversion";
import { isIsoDate } from "~/lib/month";

/** One day of the European Central Bank's reference rates: units of each currency per 1 EUR, as the decimal text of the file. */
export type EcbRateDay = { day: string; rates: Record<string, string> };

/** The ECB's files: today's rates, the last 90 days', and every day's since 1999. */
const ECB_RATE_FILES = {
  daily: "/stats/eurofxref/eurofxref-daily.xml",
  "hist-90d": "/stats/eurofxref/eurofxref-hist-90d.xml",
  hist: "/stats/eurofxref/eurofxref-hist.xml",
} as const;
export type EcbRateFile = keyof typeof ECB_RATE_FILES;

const ECB_DEFAULT_URL = "https://www.ecb.europa.eu";

/** Attempts, backoff and the default time one attempt may take (ECB_TIMEOUT_MS overrides it). */
const ECB_POLICY = { attempts: 3, baseDelayMs: 500, maxDelayMs: 5000, timeoutMs: 15_000 } as const;

const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504]);
const CURRENCY_CODE = /^[A-Z]{3}$/;

/** Why the ECB's rates could not be read: no answer, an error status, or a file that is not the ECB's format. */
export class EcbRatesError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "EcbRatesError";
  }
}

function malformed(detail: string): never {
  throw new EcbRatesError(`ECB rates: malformed file: ${detail}`);
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", removeNSPrefix: true, isArray: (name) => name === "Cube" });

type Cube = { time?: unknown; currency?: unknown; rate?: unknown; Cube?: unknown };

/** The <Cube> elements inside `node` (an empty <Cube/> is parsed as text, which has none). */
function cubes(node: unknown): Cube[] {
  const list = typeof node === "object" && node !== null ? (node as Cube).Cube : undefined;
  return Array.isArray(list) ? list : [];
}

/**
 * The days of an ECB reference-rate file (eurofxref-daily, -hist-90d or -hist), in the file's order. Every day
 * must be a real ISO date, given once, with at least one rate; every currency three capital letters, given once
 * a day, with a positive decimal rate. Anything else throws an `EcbRatesError` that says where: nothing is skipped.
 */
export function parseEcbRates(xml: string): EcbRateDay[] {
  let document: { Envelope?: unknown };
  try {
    document = parser.parse(xml, true);
  } catch (error) {
    malformed(`not XML (${error instanceof Error ? error.message : String(error)})`);
  }
  const outer = cubes(document.Envelope);
  if (outer.length !== 1) malformed("expected one <Cube> of days in the envelope");
  const dayCubes = cubes(outer[0]);
  if (dayCubes.length === 0) malformed("no days");
  const seenDays = new Set<string>();
  return dayCubes.map((dayCube, index) => {
    const day = dayCube.time;
    if (!isIsoDate(day)) malformed(`day ${index + 1} has time ${JSON.stringify(day)}, not a yyyy-MM-dd date`);
    if (seenDays.has(day)) malformed(`${day} is given twice`);
    seenDays.add(day);
    const rateCubes = cubes(dayCube);
    if (rateCubes.length === 0) malformed(`${day} has no rates`);
    const rates: Record<string, string> = {};
    for (const { currency, rate } of rateCubes) {
      if (typeof currency !== "string" || !CURRENCY_CODE.test(currency)) malformed(`${day} has currency ${JSON.stringify(currency)}, not a 3-letter code`);
      if (currency in rates) malformed(`${day} gives ${currency} twice`);
      if (!isRateText(rate)) malformed(`${day} has ${currency} rate ${JSON.stringify(rate)}, not a positive decimal`);
      rates[currency] = rate;
    }
    return { day, rates };
  });
}

function isRetried(error: unknown) {
  if (error instanceof TaskCancelledError) return true;
  if (error instanceof EcbRatesError) return error.status !== null && RETRIED_STATUSES.has(error.status);
  // fetch rejects with a TypeError when the connection fails (refused, reset, DNS).
  return error instanceof TypeError;
}

function settings() {
  const timeoutMs = Number(process.env.ECB_TIMEOUT_MS || ECB_POLICY.timeoutMs);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new EcbRatesError("ECB_TIMEOUT_MS must be a positive number of milliseconds");
  return { baseUrl: (process.env.ECB_RATES_URL || ECB_DEFAULT_URL).replace(/\/+$/, ""), timeoutMs };
}

async function download(url: string, signal: AbortSignal) {
  const response = await fetch(url, { signal, headers: { accept: "application/xml, text/xml" } });
  if (!response.ok) {
    await response.body?.cancel();
    throw new EcbRatesError(`ECB rates: ${url} answered ${response.status}`, response.status);
  }
  return response.text();
}

/** What a download that failed after its retries is reported as. */
function failure(error: unknown, url: string, timeoutMs: number) {
  const attempts = `${ECB_POLICY.attempts} attempts`;
  if (error instanceof TaskCancelledError) return new EcbRatesError(`ECB rates: ${url} gave no answer within ${timeoutMs} ms (${attempts})`);
  if (error instanceof EcbRatesError) return isRetried(error) ? new EcbRatesError(`${error.message} (${attempts})`, error.status) : error;
  const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
  return new EcbRatesError(`ECB rates: ${url} could not be reached: ${cause} (${attempts})`);
}

/**
 * Downloads and parses one of the ECB's rate files from ECB_RATES_URL (default the ECB itself; tests point it at
 * the stand-in). Each attempt may take ECB_TIMEOUT_MS; a timeout, a failed connection, 429 or 5xx is tried again
 * with exponential backoff, up to ECB_POLICY.attempts in all. Throws an `EcbRatesError`.
 */
export async function fetchEcbRates(file: EcbRateFile): Promise<EcbRateDay[]> {
  const { baseUrl, timeoutMs } = settings();
  const url = `${baseUrl}${ECB_RATE_FILES[file]}`;
  const policy = wrap(
    retry(handleWhen(isRetried), {
      maxAttempts: ECB_POLICY.attempts - 1,
      backoff: new ExponentialBackoff({ initialDelay: ECB_POLICY.baseDelayMs, maxDelay: ECB_POLICY.maxDelayMs }),
    }),
    timeout(timeoutMs, TimeoutStrategy.Aggressive),
  );
  let xml: string;
  try {
    xml = await policy.execute(({ signal }) => download(url, signal));
  } catch (error) {
    throw failure(error, url, timeoutMs);
  }
  return parseEcbRates(xml);
}
