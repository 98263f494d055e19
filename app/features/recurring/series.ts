import type { TransactionType } from "~/features/transactions/transactions";
import { minorUnitDigits } from "~/lib/money";
import { dayInMonth, dayNumber, dayOfNumber, daysInMonth, FREQUENCIES, FREQUENCY_STEPS, monthNumber, nextOccurrenceOnOrAfter, type Frequency } from "./occurrences";

/*
 * Recurring series found in a user's history, for Ledgerly to propose as schedules: rent, a salary, the
 * subscriptions, the utility bills. Pure: the caller reads the transactions (live ones, transfers left out) and
 * stores what the user accepts.
 *
 * How a series is found:
 * 1. Transactions are grouped by payee (the description without what a bank writes differently each time, see
 *    `payeeKey`), way, account and currency.
 * 2. A group is split into amount clusters: sorted by amount, a new cluster starts where an amount is more than
 *    `amountTolerance` above the one before it. Two gym memberships of 20.00 and 35.00 at one payee fall apart;
 *    a utility bill that creeps from 60 to 110 over a winter stays whole.
 * 3. In a cluster, each frequency's due dates are laid over the transactions at the phase (weekday, day of month,
 *    month of the year) that most of them fall on, within DETECTION_SLACK_DAYS. The transactions on a due date
 *    (one per due date) are split into runs where more than MAX_MISSED_IN_A_ROW due dates go unmet; a run is a
 *    series when it has MIN_OCCURRENCES, meets MIN_COVERAGE of its due dates, and is MIN_PURITY of the cluster's
 *    transactions over its span (a coffee shop visited every few days has a visit near every due date, but
 *    many more beside them). The frequency whose runs hold the most transactions wins; its series leave the
 *    cluster and the rest is searched again (a second subscription, a due day that moved).
 * 4. What a cluster leaves over is searched again by exact amount: a 8.99 subscription among a shop's
 *    purchases of every amount is its own cluster there.
 * 5. A series whose next two due dates have both passed (and their slack) has ended and is not proposed.
 *
 * Every step is linear in the cluster's transactions for each frequency (plus the sorts): 100,000 transactions
 * take a small part of a second, however many one payee holds.
 */

/** A transaction of the user's history as detection reads it. */
export type HistoryTransaction = {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  /** Unsigned minor units of `currency`, its account's. */
  amount: number;
  currency: string;
  type: TransactionType;
  accountId: string;
  description: string;
  category: string;
};

/** A recurring series found in the history, as Ledgerly proposes it. */
export type Series = {
  /** Stable while the series keeps its payee, way, account, currency, frequency and fixed amount (or keeps varying): what a dismissed proposal is remembered by. */
  key: string;
  payeeKey: string;
  /** The description its transactions carry most often, without the bank's references. */
  name: string;
  type: TransactionType;
  accountId: string;
  currency: string;
  /** The category its transactions carry most often. */
  category: string;
  /** What to expect, in minor units: the amount of a fixed series, the median of the latest six of a varying one. */
  amount: number;
  amountMin: number;
  amountMax: number;
  /** Fixed when every occurrence was the same amount. */
  amountKind: "fixed" | "varying";
  frequency: Frequency;
  /** The day the due dates follow (`occurrences.ts`): the latest due date met, or for a day of month a short month clamped, the latest before it that is that day. */
  anchor: string;
  /** The first due date on or after today (after the latest met). */
  nextDate: string;
  /** The transactions of the series, oldest first. */
  transactionIds: string[];
  /** The due date each of them met, in the same order: a schedule made from the series starts with them met. */
  metDates: string[];
  /**
   * 0 to 1, two decimals: evidence × coverage × purity × punctuality. Evidence is the occurrences against
   * FULL_EVIDENCE (capped at 1); coverage the due dates met from the first to the latest; purity the share of
   * the cluster's transactions over that span that are occurrences; punctuality 1 − the mean days off the due
   * date ÷ (2 × (slack + 1)), so on the day is 1 and always at the slack's edge about a half.
   */
  confidence: number;
};

/** Days a booking may sit either side of its due date and still meet it: a weekend and a bank holiday move a monthly payment by up to three. */
const DETECTION_SLACK_DAYS: Record<Frequency, number> = { weekly: 1, biweekly: 2, monthly: 3, quarterly: 4, yearly: 5 };
/** The fewest occurrences that make a series: three of all but yearly, two of those (a year apart). */
const MIN_OCCURRENCES: Record<Frequency, number> = { weekly: 3, biweekly: 3, monthly: 3, quarterly: 3, yearly: 2 };
/** The occurrences at which the evidence counts in full towards the confidence. */
const FULL_EVIDENCE: Record<Frequency, number> = { weekly: 8, biweekly: 6, monthly: 6, quarterly: 4, yearly: 3 };
/** A series survives an occasional missed payment; more due dates than this unmet in a row end a run. */
const MAX_MISSED_IN_A_ROW = 2;
/** The share of due dates from a run's first to its latest that must be met. */
const MIN_COVERAGE = 0.75;
/** The share of a cluster's transactions over a run's span that must be the run's own. */
const MIN_PURITY = 0.75;
/** The share of the payee's transactions over a run's span (leaving out other runs) a run must be to stand out… */
const MIN_PAYEE_SHARE = 0.75;
/** …unless it has this many occurrences. */
const STANDOUT_OCCURRENCES = 6;
/** The fewest days a frequency's step can take: month steps through the shortest months. */
const SHORTEST_STEP_DAYS: Record<Frequency, number> = { weekly: 7, biweekly: 14, monthly: 28, quarterly: 89, yearly: 365 };
/** A varying series is expected at the median of its latest occurrences: recent enough to follow a price rise. */
const TYPICAL_OF_LATEST = 6;
const AMOUNT_TOLERANCE_SHARE = 0.1;

const MONTH_NAME = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const SEPARATORS = String.raw`[\s\-*/#.,:;]`;

/** What banks write differently on each occurrence of one payment, in the order they are taken out. */
const BANK_NOISE = [
  /\b\d{4}-\d{2}-\d{2}\b/g, // 2026-01-05
  /\b\d{1,2}[./-]\d{1,2}(?:[./-]\d{2,4})?\b/g, // 01/02, 05.01.26
  new RegExp(String.raw`\b\d{1,2} ?${MONTH_NAME}\b(?: ?\d{2,4}\b)?`, "gi"), // 05 JAN, 5JAN 2026
  /\b\d{1,2}:\d{2}(?::\d{2})?\b/g, // 14:32
  /\+?\d{2,}(?:[ .-]\d{2,}){2,}/g, // 866-579-7172, +44 20 7946 0958
  /#\s?[\p{L}\p{N}-]+/gu, // #1234
  /[x*]{2,}\d+/gi, // XXXX1234, ****1234
  /\b(?:ref|reference|auth|txn|trace|inv|invoice|mandate)\b[.:]? ?[\p{L}\p{N}-]+/giu, // REF: AB12345, MANDATE XYZABC
  /\b(?:no|nr|id|order|card)\b[.:]? ?[a-z0-9-]*\d[a-z0-9-]*/gi, // CARD 4921, NO. 77 (not NO FRILLS)
  /\b(?=(?:[a-z]*\d){2})[a-z0-9]{4,}\b/gi, // codes and long numbers: 2041, 0000123, P1A2B3C4D5 (not 1PASSWORD or 365)
  new RegExp(String.raw`(?:${SEPARATORS}+\d{1,3})+${SEPARATORS}*$`), // a trailing store number: SHELL 12
];

function withoutBankNoise(text: string) {
  return BANK_NOISE.reduce((rest, noise) => rest.replace(noise, " "), text);
}

/** Lower case, accents gone. */
function foldCase(text: string) {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

/**
 * Who a transaction pays or is paid by, as every occurrence of one payment writes it: the description in lower
 * case without accents, punctuation or runs of spaces, and without what the bank writes differently each time
 * (dates, times, phone numbers, "#1234", masked card numbers, labelled references, codes and numbers of four or
 * more characters with two digits, a trailing store number). "NETFLIX.COM 866-579-7172 CA" → "netflix com ca",
 * "SPOTIFY P1A2B3C4D5" → "spotify". Empty when nothing names the payee.
 */
export function payeeKey(description: string) {
  return withoutBankNoise(foldCase(description))
    .replace(/[^\p{L}\p{N}&]+/gu, " ")
    .trim();
}

/** The description as a series' name: the bank's references out, the case and accents as written. */
function tidyDescription(description: string) {
  const tidy = withoutBankNoise(description)
    .replace(/\s+/g, " ")
    .replace(new RegExp(`^${SEPARATORS}+|${SEPARATORS}+$`, "g"), "");
  return tidy || description.trim();
}

const toleranceOf = (amount: number, unit: number) => Math.max(Math.round(amount * AMOUNT_TOLERANCE_SHARE), unit);

/** How far an amount may be from its neighbour in one series: 10%, or one whole unit of the currency (1.00, ¥1) for small amounts. */
export function amountTolerance(amount: number, currency: string) {
  return toleranceOf(amount, 10 ** minorUnitDigits(currency));
}

type Point = { transaction: HistoryTransaction; day: number; month: number; dayOfMonth: number };

/**
 * Where a frequency's due dates fall. Day steps: on the days whose number leaves `remainder` divided by the
 * step. Month steps: in the months whose number leaves `remainder` divided by the step, on `dayOfMonth` (the
 * month's last day when shorter).
 */
type Phase = { frequency: Frequency; remainder: number; dayOfMonth: number };

/** A transaction on a due date of a phase: the due date's day number and index, and the days it was booked after it (before when negative). */
type Hit = { point: Point; due: number; index: number; offset: number };

type Run = { phase: Phase; hits: Hit[]; coverage: number; purity: number };

const modulo = (value: number, divisor: number) => ((value % divisor) + divisor) % divisor;

/**
 * The days around a point, from `slack` days after it back to `slack` days before it, each with its month
 * number and day of month: `visit(month, dayOfMonth, offset)` for the day `offset` days before the point.
 */
function daysAround(point: Point, slack: number, visit: (month: number, dayOfMonth: number, offset: number) => boolean | void) {
  let month = point.month;
  let dayOfMonth = point.dayOfMonth + slack;
  if (dayOfMonth > daysInMonth(month)) {
    dayOfMonth -= daysInMonth(month);
    month += 1;
  }
  for (let offset = -slack; offset <= slack; offset += 1) {
    if (visit(month, dayOfMonth, offset) === true) return;
    dayOfMonth -= 1;
    if (dayOfMonth < 1) {
      month -= 1;
      dayOfMonth = daysInMonth(month);
    }
  }
}

/** Per phase: the points within the slack of one of its due dates, those exactly on one, and their days off in all. */
class Tally {
  readonly counts: Int32Array;
  readonly exact: Int32Array;
  readonly distances: Int32Array;

  constructor(size: number) {
    this.counts = new Int32Array(size);
    this.exact = new Int32Array(size);
    this.distances = new Int32Array(size);
  }

  add(phase: number, offset: number) {
    this.counts[phase] += 1;
    if (offset === 0) this.exact[phase] += 1;
    this.distances[phase] += Math.abs(offset);
  }

  /** The phase most points fall on; of those, the one most fall exactly on, then the one they fall closest to. */
  best() {
    let best = 0;
    for (let phase = 1; phase < this.counts.length; phase += 1) {
      const [count, bestCount] = [this.counts[phase], this.counts[best]];
      const [exact, bestExact] = [this.exact[phase], this.exact[best]];
      if (count > bestCount || (count === bestCount && (exact > bestExact || (exact === bestExact && this.distances[phase] < this.distances[best])))) best = phase;
    }
    return best;
  }
}

/**
 * The phase that the most points fall on within the slack; of those, the one most of them fall exactly on (rent
 * due on the 1st is booked on the 1st, or on the 2nd or 3rd after a weekend), then the one they fall closest to.
 * Each point counts for every phase with a due date within the slack of it (no two due dates of one phase are
 * that close).
 */
function bestPhase(points: readonly Point[], frequency: Frequency): Phase {
  const step = FREQUENCY_STEPS[frequency];
  const slack = DETECTION_SLACK_DAYS[frequency];
  if ("days" in step) {
    const tally = new Tally(step.days);
    for (const point of points) for (let offset = -slack; offset <= slack; offset += 1) tally.add(modulo(point.day - offset, step.days), offset);
    return { frequency, remainder: tally.best(), dayOfMonth: 0 };
  }
  const tally = new Tally(step.months * 31);
  for (const point of points) {
    daysAround(point, slack, (month, dayOfMonth, offset) => {
      const row = modulo(month, step.months) * 31;
      const length = daysInMonth(month);
      // A month's last day is the due date of every day of month from it to the 31st.
      if (dayOfMonth < length) tally.add(row + dayOfMonth - 1, offset);
      else for (let day = length; day <= 31; day += 1) tally.add(row + day - 1, offset);
    });
  }
  const best = tally.best();
  return { frequency, remainder: Math.floor(best / 31), dayOfMonth: (best % 31) + 1 };
}

/** The point on its due date of the phase, or null when none is within the slack. */
function hitOf(point: Point, phase: Phase): Hit | null {
  const step = FREQUENCY_STEPS[phase.frequency];
  const slack = DETECTION_SLACK_DAYS[phase.frequency];
  if ("days" in step) {
    const offset = modulo(point.day - phase.remainder + slack, step.days) - slack;
    if (Math.abs(offset) > slack) return null;
    const due = point.day - offset;
    return { point, due, index: (due - phase.remainder) / step.days, offset };
  }
  let hit: Hit | null = null;
  daysAround(point, slack, (month, dayOfMonth, offset) => {
    if (modulo(month, step.months) !== phase.remainder || dayOfMonth !== Math.min(phase.dayOfMonth, daysInMonth(month))) return false;
    hit = { point, due: point.day - offset, index: (month - phase.remainder) / step.months, offset };
    return true;
  });
  return hit;
}

/** How many of the ascending `days` lie from `from` to `to`. */
function countWithin(days: readonly number[], from: number, to: number) {
  return firstAtLeast(days, to + 1) - firstAtLeast(days, from);
}

function firstAtLeast(days: readonly number[], value: number) {
  let low = 0;
  let high = days.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (days[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The days from a run's first due date to its latest, each widened by the slack: where its transactions may be. */
function spanOf(run: Run) {
  const slack = DETECTION_SLACK_DAYS[run.phase.frequency];
  return { from: run.hits[0].due - slack, to: run.hits[run.hits.length - 1].due + slack };
}

/** The runs of a phase among `points` (ascending by day, `days` their days) that are series of the cluster. */
function seriesRunsOf(points: readonly Point[], days: readonly number[], phase: Phase): Run[] {
  // Points come by day, so their due dates come in order: two points on one due date are neighbours.
  const hits: Hit[] = [];
  for (const point of points) {
    const hit = hitOf(point, phase);
    if (!hit) continue;
    const previous = hits.at(-1);
    if (previous?.index !== hit.index) hits.push(hit);
    else if (Math.abs(hit.offset) < Math.abs(previous.offset)) hits[hits.length - 1] = hit;
  }
  const runs: Hit[][] = [];
  for (const hit of hits) {
    const run = runs.at(-1);
    if (run && hit.index - run[run.length - 1].index <= MAX_MISSED_IN_A_ROW + 1) run.push(hit);
    else runs.push([hit]);
  }
  return runs.flatMap((hitsOfRun) => {
    if (hitsOfRun.length < MIN_OCCURRENCES[phase.frequency]) return [];
    const coverage = hitsOfRun.length / (hitsOfRun[hitsOfRun.length - 1].index - hitsOfRun[0].index + 1);
    const run: Run = { phase, hits: hitsOfRun, coverage, purity: 0 };
    const { from, to } = spanOf(run);
    run.purity = hitsOfRun.length / countWithin(days, from, to);
    return coverage >= MIN_COVERAGE && run.purity >= MIN_PURITY ? [run] : [];
  });
}

/** Whether points (ascending by day) are enough, and far enough apart, to hold a series of the frequency. */
function mayHold(points: readonly Point[], frequency: Frequency) {
  const needed = MIN_OCCURRENCES[frequency];
  return points.length >= needed && points[points.length - 1].day - points[0].day >= (needed - 1) * SHORTEST_STEP_DAYS[frequency] - 2 * DETECTION_SLACK_DAYS[frequency];
}

/**
 * The series runs of a cluster (ascending by day), and the points none of them took. Each round takes the
 * frequency whose series runs hold the most points (the shorter period on a tie) and searches the rest again.
 */
function runsOfCluster(cluster: readonly Point[]): { runs: Run[]; left: readonly Point[] } {
  const runs: Run[] = [];
  let left = cluster;
  for (;;) {
    const days = left.map((point) => point.day);
    let best: { runs: Run[]; count: number } | null = null;
    for (const frequency of FREQUENCIES) {
      if (!mayHold(left, frequency)) continue;
      const found = seriesRunsOf(left, days, bestPhase(left, frequency));
      const count = found.reduce((sum, run) => sum + run.hits.length, 0);
      if (count > (best?.count ?? 0)) best = { runs: found, count };
    }
    if (!best) return { runs, left };
    runs.push(...best.runs);
    const taken = new Set(best.runs.flatMap((run) => run.hits.map((hit) => hit.point)));
    left = left.filter((point) => !taken.has(point));
  }
}

const byDay = (a: Point, b: Point) => a.day - b.day || (a.transaction.id < b.transaction.id ? -1 : a.transaction.id > b.transaction.id ? 1 : 0);

/** A group's points in clusters of neighbouring amounts (each ascending by day). */
function amountClusters(points: readonly Point[], currency: string) {
  const unit = 10 ** minorUnitDigits(currency);
  const byAmount = [...points].sort((a, b) => a.transaction.amount - b.transaction.amount);
  const clusters: Point[][] = [];
  for (const point of byAmount) {
    const cluster = clusters.at(-1);
    const previous = cluster?.[cluster.length - 1].transaction.amount;
    if (cluster && previous !== undefined && point.transaction.amount - previous <= toleranceOf(previous, unit)) cluster.push(point);
    else clusters.push([point]);
  }
  return clusters.map((cluster) => cluster.sort(byDay));
}

/** The points of each exact amount that has enough of them for a series (ascending by day). */
function exactAmounts(points: readonly Point[]) {
  const byAmount = new Map<number, Point[]>();
  for (const point of points) {
    const sameAmount = byAmount.get(point.transaction.amount);
    if (sameAmount) sameAmount.push(point);
    else byAmount.set(point.transaction.amount, [point]);
  }
  return [...byAmount.values()].filter((sameAmount) => sameAmount.length >= Math.min(...Object.values(MIN_OCCURRENCES)));
}

/**
 * The series runs of a group (ascending by day): by neighbouring amounts, then what those leave by exact amount;
 * kept when they stand out from the payee's other transactions over their span (those of no other run): at
 * least MIN_PAYEE_SHARE of them, or STANDOUT_OCCURRENCES whatever else the payee was paid. A coincidence among
 * a busy shop's purchases does not stand out; two memberships at one gym, or a subscription bought from a
 * shop, do.
 */
function runsOfGroup(points: readonly Point[], currency: string) {
  const runs = amountClusters(points, currency).flatMap((cluster) => {
    const { runs: byNeighbours, left } = runsOfCluster(cluster);
    return [...byNeighbours, ...exactAmounts(left).flatMap((sameAmount) => runsOfCluster(sameAmount).runs)];
  });
  const inRuns = new Set(runs.flatMap((run) => run.hits.map((hit) => hit.point)));
  // Ascending, as countWithin searches them; the group's points come in the input's order.
  const otherDays = points
    .filter((point) => !inRuns.has(point))
    .map((point) => point.day)
    .sort((a, b) => a - b);
  return runs.filter((run) => {
    const { from, to } = spanOf(run);
    const share = run.hits.length / (run.hits.length + countWithin(otherDays, from, to));
    return share >= MIN_PAYEE_SHARE || run.hits.length >= STANDOUT_OCCURRENCES;
  });
}

/** The value met most often, the latest of those on a tie. */
function mostCommon(values: readonly string[]) {
  const counts = new Map<string, number>();
  let best = values[0];
  for (const value of values) {
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (count >= (counts.get(best) ?? 0)) best = value;
  }
  return best;
}

function median(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/** The day the phase's due dates follow, at or before the latest due date: one on the day of month itself, not a short month's last day. */
function anchorOf(phase: Phase, latestDue: number) {
  const step = FREQUENCY_STEPS[phase.frequency];
  if ("days" in step) return dayOfNumber(latestDue);
  let month = monthNumber(dayOfNumber(latestDue));
  while (daysInMonth(month) < phase.dayOfMonth) month -= step.months;
  return dayInMonth(month, phase.dayOfMonth);
}

/** The series of a run, or null when it has ended: its next two due dates have passed, slack and all. */
function seriesOf(run: Run, group: { payeeKey: string; currency: string }, today: number): Omit<Series, "key"> | null {
  const { phase, hits } = run;
  const frequency = phase.frequency;
  const slack = DETECTION_SLACK_DAYS[frequency];
  const latest = hits[hits.length - 1];
  const anchor = anchorOf(phase, latest.due);
  const next = nextOccurrenceOnOrAfter(anchor, frequency, dayOfNumber(latest.due + 1));
  const afterNext = nextOccurrenceOnOrAfter(anchor, frequency, dayOfNumber(dayNumber(next) + 1));
  if (today > dayNumber(afterNext) + slack) return null;
  const transactions = hits.map((hit) => hit.point.transaction);
  const amounts = transactions.map((transaction) => transaction.amount);
  const amountMin = Math.min(...amounts);
  const amountMax = Math.max(...amounts);
  const fixed = amountMin === amountMax;
  const meanOffset = hits.reduce((sum, hit) => sum + Math.abs(hit.offset), 0) / hits.length;
  const evidence = Math.min(1, hits.length / FULL_EVIDENCE[frequency]);
  const punctuality = 1 - meanOffset / (2 * (slack + 1));
  return {
    payeeKey: group.payeeKey,
    name: mostCommon(transactions.map((transaction) => tidyDescription(transaction.description))),
    type: latest.point.transaction.type,
    accountId: latest.point.transaction.accountId,
    currency: group.currency,
    category: mostCommon(transactions.map((transaction) => transaction.category)),
    amount: fixed ? amountMin : median(amounts.slice(-TYPICAL_OF_LATEST)),
    amountMin,
    amountMax,
    amountKind: fixed ? "fixed" : "varying",
    frequency,
    anchor,
    nextDate: nextOccurrenceOnOrAfter(anchor, frequency, dayOfNumber(Math.max(today, latest.due + 1))),
    transactionIds: transactions.map((transaction) => transaction.id),
    metDates: hits.map((hit) => dayOfNumber(hit.due)),
    confidence: Math.round(evidence * run.coverage * run.purity * punctuality * 100) / 100,
  };
}

/** The series' keys: payee, way, account, currency, frequency and the fixed amount (or "varying"); a second series of one key takes "#2". */
function withKeys(found: Array<Omit<Series, "key">>): Series[] {
  const taken = new Map<string, number>();
  return found.map((series) => {
    const base = [series.payeeKey, series.type, series.accountId, series.currency, series.frequency, series.amountKind === "fixed" ? series.amount : "varying"].join("|");
    const seen = (taken.get(base) ?? 0) + 1;
    taken.set(base, seen);
    return { key: seen === 1 ? base : `${base}#${seen}`, ...series };
  });
}

/**
 * The recurring series in a user's history that are still going on `today` (YYYY-MM-DD), soonest due first.
 * `transactions` are live and not transfers, in any order.
 */
export function detectSeries(transactions: readonly HistoryTransaction[], today: string): Series[] {
  const payees = new Map<string, string>();
  const groups = new Map<string, { payeeKey: string; currency: string; points: Point[] }>();
  for (const transaction of transactions) {
    let payee = payees.get(transaction.description);
    if (payee === undefined) {
      payee = payeeKey(transaction.description);
      payees.set(transaction.description, payee);
    }
    if (!payee) continue;
    const groupKey = [payee, transaction.type, transaction.accountId, transaction.currency].join("|");
    let group = groups.get(groupKey);
    if (!group) {
      group = { payeeKey: payee, currency: transaction.currency, points: [] };
      groups.set(groupKey, group);
    }
    group.points.push({ transaction, day: dayNumber(transaction.date), month: monthNumber(transaction.date), dayOfMonth: Number(transaction.date.slice(8, 10)) });
  }
  const todayNumber = dayNumber(today);
  const found = [...groups.values()].flatMap((group) =>
    group.points.length < 2 ? [] : runsOfGroup(group.points, group.currency).flatMap((run) => seriesOf(run, group, todayNumber) ?? []),
  );
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  // Then by first transaction, which no two series share: neither the order nor which series takes "#2" follows the input's order.
  found.sort((a, b) => order(a.nextDate, b.nextDate) || order(a.name, b.name) || a.amount - b.amount || order(a.transactionIds[0], b.transactionIds[0]));
  return withKeys(found);
}
