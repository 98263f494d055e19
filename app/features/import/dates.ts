import type { DateOrder } from "./readers/source";

/**
 * Bank dates as people write them: "2020-02-13", "13.02.2020", "02/13/2020",
 * "24-08-2020", "20200213", "12-Dec-2019", "12 Dez. 2019", "6/19/20",
 * "6/19'20", "03/25/099", "2018-02-26T17:43:35+0000", "2017-04-01+02:00",
 * "26/02/2018 17:43". The order of day and month is decided over a whole
 * column (`detectDateOrder`); each cell is then read in that order (`parseDate`).
 */

/**
 * Two-digit years: 00–69 are 2000–2069, 70–99 are 1970–1999 (the POSIX
 * `strptime` %y rule, which spreadsheets follow too).
 */
const TWO_DIGIT_YEAR_PIVOT = 70;

const MONTH_NAMES: Record<string, number> = {};
const MONTH_WORDS: string[][] = [
  ["jan", "january", "januar", "janner", "januari", "janv", "janvier", "ene", "enero"],
  ["feb", "february", "februar", "februari", "fev", "fevr", "fevrier", "febrero"],
  ["mar", "march", "marz", "mrz", "maart", "mrt", "mars", "marzo"],
  ["apr", "april", "avr", "avril", "abr", "abril"],
  ["may", "mai", "mei", "mayo"],
  ["jun", "june", "juni", "juin", "junio"],
  ["jul", "july", "juli", "juil", "juillet", "julio"],
  ["aug", "august", "augustus", "aout", "ago", "agosto"],
  ["sep", "sept", "september", "septembre", "set", "septiembre"],
  ["oct", "october", "okt", "oktober", "octobre", "octubre"],
  ["nov", "november", "novembre", "noviembre"],
  ["dec", "december", "dez", "dezember", "decembre", "dic", "diciembre"],
];
MONTH_WORDS.forEach((words, index) => {
  for (const word of words) MONTH_NAMES[word] = index + 1;
});

function monthOfName(word: string) {
  const key = word
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\.$/, "");
  return MONTH_NAMES[key] ?? null;
}

/**
 * The date part of a date-time: "2018-02-26T17:43:35+0000" → "2018-02-26", "26/02/2018 17:43" → "26/02/2018";
 * and of an ISO date with its zone (XML dates may carry one): "2017-04-01+02:00" → "2017-04-01".
 */
function withoutTime(text: string) {
  return text
    .trim()
    .replace(/T\d{1,2}:\d{2}.*$/, "")
    .replace(/^(\d{4}-\d{2}-\d{2})(Z|[+-]\d{2}:\d{2})$/, "$1")
    .replace(/\s+\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?(\s*[AaPp]\.?[Mm]\.?)?(\s*(Z|[A-Z]{2,5}|[+-]\d{2}:?\d{2}))?$/, "")
    .trim();
}

type DateParts = { numbers: string[]; month: number | null };

/** The numbers of a date and its month name, if it has one; null when it has anything else. */
function dateParts(text: string): DateParts | null {
  const value = withoutTime(text);
  if (/^\d{8}$/.test(value)) return { numbers: [value.slice(0, 4), value.slice(4, 6), value.slice(6, 8)], month: null };
  const tokens = value.split(/[\s./\-,']+/).filter(Boolean);
  const numbers: string[] = [];
  let month: number | null = null;
  for (const token of tokens) {
    if (/^\d{1,4}$/.test(token)) numbers.push(token);
    else if (month === null && monthOfName(token) !== null) month = monthOfName(token);
    else return null;
  }
  if (month === null ? numbers.length !== 3 : numbers.length !== 2) return null;
  return { numbers, month };
}

/** The year a date's year token names: four digits as written, three counted from 1900, two by the pivot; null otherwise. */
export function fullYear(token: string) {
  if (token.length === 4) return Number(token);
  // Years counted from 1900 ("099" for 1999, "117" for 2017): a Y2K-era bug some banks' QIF downloads still carry.
  if (token.length === 3) return 1900 + Number(token);
  if (token.length !== 2) return null;
  const year = Number(token);
  return year < TWO_DIGIT_YEAR_PIVOT ? 2000 + year : 1900 + year;
}

function isoDate(year: number | null, month: number, day: number) {
  if (year === null || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function isDayToken(token: string) {
  return token.length <= 2;
}

/** "YYYY-MM-DD" of a cell read with day, month and year in `order`; null when it is not such a date. */
export function parseDate(text: string, order: DateOrder): string | null {
  const parts = dateParts(text);
  if (!parts) return null;
  const { numbers, month } = parts;
  if (month !== null) {
    // With the month named, the four-digit number is the year; otherwise the day comes first.
    const [first, second] = numbers;
    const [day, year] = first.length === 4 ? [second, first] : [first, second];
    return isDayToken(day) ? isoDate(fullYear(year), month, Number(day)) : null;
  }
  const [a, b, c] = numbers;
  if (order === "YMD") return a.length === 4 && isDayToken(b) && isDayToken(c) ? isoDate(Number(a), Number(b), Number(c)) : null;
  if (a.length > 2 || b.length > 2 || c.length < 2) return null;
  return order === "DMY" ? isoDate(fullYear(c), Number(b), Number(a)) : isoDate(fullYear(c), Number(a), Number(b));
}

/** Whether a cell reads as a date in some order. */
export function looksLikeDate(text: string) {
  return (["YMD", "DMY", "MDY"] as const).some((order) => parseDate(text, order) !== null);
}

export type DateOrderDetection =
  | { status: "decided"; order: DateOrder }
  /** Every date reads both day-first and month-first ("02/03/2018"): the user is asked. */
  | { status: "ask"; orders: DateOrder[]; example: string }
  /** No order reads every date: the one that reads most, the others become row errors. */
  | { status: "partial"; order: DateOrder; unreadable: number }
  | { status: "none" };

/** The order a date with a named month is written in: "2019-Dec-12", "Dec 12, 2019" or "12 Dec 2019". */
function writtenOrder(date: string): DateOrder {
  const value = date.trim();
  if (/^\d{4}/.test(value)) return "YMD";
  return /^\p{L}/u.test(value) ? "MDY" : "DMY";
}

/** The order of day and month in a column of dates, from every non-empty cell. */
export function detectDateOrder(cells: string[]): DateOrderDetection {
  const dates = cells.map((cell) => cell.trim()).filter(Boolean);
  if (dates.length === 0) return { status: "none" };
  const readable = (order: DateOrder) => dates.filter((date) => parseDate(date, order) !== null).length;
  const scores = (["YMD", "DMY", "MDY"] as const).map((order) => ({ order, count: readable(order) }));
  const complete = scores.filter((score) => score.count === dates.length);
  if (complete.length === 1) return { status: "decided", order: complete[0].order };
  if (complete.length > 1) {
    // Only dates whose day and month are both at most 12, or named months, read in more than one order.
    const example = dates.find((date) => parseDate(date, complete[0].order) !== parseDate(date, complete[1].order)) ?? dates[0];
    const differs = dates.some((date) => parseDate(date, complete[0].order) !== parseDate(date, complete[1].order));
    return differs ? { status: "ask", orders: complete.map((score) => score.order), example } : { status: "decided", order: writtenOrder(dates[0]) };
  }
  const best = scores.reduce((top, score) => (score.count > top.count ? score : top));
  return best.count === 0 ? { status: "none" } : { status: "partial", order: best.order, unreadable: dates.length - best.count };
}

/** How the preview explains an order, with the example date read that way. */
export function describeDateOrder(order: DateOrder, example: string) {
  const read = parseDate(example, order);
  const words = { YMD: "Year, month, day", DMY: "Day first", MDY: "Month first" }[order];
  if (!read) return words;
  const [year, month, day] = read.split("-").map(Number);
  const written = new Date(Date.UTC(year, month - 1, day)).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return `${words}: ${example.trim()} is ${written}`;
}
