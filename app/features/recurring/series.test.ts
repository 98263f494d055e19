import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { daysBetween, FREQUENCIES, nextOccurrenceOnOrAfter, occurrencesBetween, shiftDay } from "./occurrences";
import { amountTolerance, detectSeries, payeeKey, type HistoryTransaction, type Series } from "./series";

/** A transaction of the history, its id `label-date` unless told. */
function tx(label: string, date: string, amount: number, description: string, overrides: Partial<HistoryTransaction> = {}): HistoryTransaction {
  return { id: `${label}-${date}`, date, amount, currency: "GBP", type: "expense", accountId: "checking", description, category: "bills", ...overrides };
}

const ids = (transactions: readonly HistoryTransaction[]) => transactions.map((transaction) => transaction.id);
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

describe("payeeKey", () => {
  it.each([
    ["NETFLIX.COM 866-579-7172 CA", "netflix com ca"],
    ["SPOTIFY P1A2B3C4D5", "spotify"],
    ["SPOTIFY Q9W8E7R6T5", "spotify"],
    ["BRITISH GAS DD REF 9TV4R6LD", "british gas dd"],
    ["BRITISH GAS DD REF: AB12345", "british gas dd"],
    ["CARD 4921 TESCO STORES 05/03", "tesco stores"],
    ["TESCO STORES 2041", "tesco stores"],
    ["TESCO STORES #1234", "tesco stores"],
    ["SHELL 12", "shell"],
    ["PAYPAL *XXXX1234", "paypal"],
    ["VODAFONE LTD 1234567", "vodafone ltd"],
    ["UBER TRIP 14:32", "uber trip"],
    ["NETFLIX 05 JAN 2026", "netflix"],
    ["PAYMENT 2026-01-05 THANK YOU", "payment thank you"],
    ["Café Nero", "cafe nero"],
    ["  PUREGYM   LTD  ", "puregym ltd"],
    ["M&S SIMPLY FOOD", "m&s simply food"],
    ["NO FRILLS", "no frills"],
    ["1PASSWORD", "1password"],
    ["12/03", ""],
    ["", ""],
  ])("%j → %j", (description, key) => {
    expect(payeeKey(description)).toBe(key);
  });

  it("what a bank writes differently each time does not change the key", () => {
    const keys = ["AMAZON PRIME*2K4J8M1Q", "AMAZON PRIME*7Z9X2C4V", "Amazon Prime #55012", "AMAZON PRIME 14/07/25"].map(payeeKey);
    expect(new Set(keys)).toEqual(new Set(["amazon prime"]));
  });
});

describe("amountTolerance", () => {
  it("10% of the amount, rounded, or one whole unit of the currency for small amounts", () => {
    expect(amountTolerance(125_000, "GBP")).toBe(12_500);
    expect(amountTolerance(2_000, "GBP")).toBe(200);
    expect(amountTolerance(1_000, "GBP")).toBe(100);
    expect(amountTolerance(299, "GBP")).toBe(100);
    expect(amountTolerance(1_000, "JPY")).toBe(100);
    expect(amountTolerance(5, "JPY")).toBe(1);
    expect(amountTolerance(2_000, "KWD")).toBe(1_000);
    expect(amountTolerance(50_000, "KWD")).toBe(5_000);
  });
});

describe("a monthly rent on the 1st, booked the Monday after when the 1st is a weekend", () => {
  // 2025-06-01 is a Sunday and 2025-11-01 a Saturday: booked on Monday the 2nd and Monday the 3rd.
  const history = [
    tx("rent", "2025-06-02", 125_000, "LANDLORD LTD RENT"),
    tx("rent", "2025-07-01", 125_000, "LANDLORD LTD RENT"),
    tx("rent", "2025-08-01", 125_000, "LANDLORD LTD RENT"),
    tx("rent", "2025-09-01", 125_000, "LANDLORD LTD RENT"),
    tx("rent", "2025-10-01", 125_000, "LANDLORD LTD RENT"),
    tx("rent", "2025-11-03", 125_000, "LANDLORD LTD RENT"),
  ];

  it("the calendar is as the example says", () => {
    expect([weekday("2025-06-01"), weekday("2025-11-01"), weekday("2025-06-02"), weekday("2025-11-03")]).toEqual([0, 6, 1, 1]);
  });

  it("is one monthly series with every transaction, due on the 1st, next on December 1", () => {
    expect(detectSeries(history, "2025-11-20")).toEqual<Series[]>([
      {
        key: "landlord ltd rent|expense|checking|GBP|monthly|125000",
        payeeKey: "landlord ltd rent",
        name: "LANDLORD LTD RENT",
        type: "expense",
        accountId: "checking",
        currency: "GBP",
        category: "bills",
        amount: 125_000,
        amountMin: 125_000,
        amountMax: 125_000,
        amountKind: "fixed",
        frequency: "monthly",
        anchor: "2025-11-01",
        nextDate: "2025-12-01",
        transactionIds: ids(history),
        metDates: ["2025-06-01", "2025-07-01", "2025-08-01", "2025-09-01", "2025-10-01", "2025-11-01"],
        // 6 of 6 occurrences, every due date met, nothing else: 1 − (1 + 2) / 6 / (2 × (3 + 1)) = 0.9375.
        confidence: 0.94,
      },
    ]);
  });

  it("in any order", () => {
    expect(detectSeries([...history].reverse(), "2025-11-20")).toEqual(detectSeries(history, "2025-11-20"));
  });

  it("next is today when today is a due date, and the next after the latest met one when it was met early", () => {
    expect(detectSeries(history, "2025-12-01")[0].nextDate).toBe("2025-12-01");
    expect(detectSeries(history, "2025-11-03")[0].nextDate).toBe("2025-12-01");
  });

  it("keeps its key when one more month is paid", () => {
    const [before] = detectSeries(history, "2025-11-20");
    const [after] = detectSeries([...history, tx("rent", "2025-12-01", 125_000, "LANDLORD LTD RENT")], "2025-12-10");
    expect(after.key).toBe(before.key);
    expect(after.transactionIds).toHaveLength(7);
    expect(after.nextDate).toBe("2026-01-01");
  });
});

describe("each frequency", () => {
  it("a biweekly salary paid every other Friday", () => {
    const paydays = ["2025-01-03", "2025-01-17", "2025-01-31", "2025-02-14", "2025-02-28", "2025-03-14", "2025-03-28", "2025-04-11", "2025-04-25", "2025-05-09"];
    const history = paydays.map((day) => tx("salary", day, 245_000, "ACME PAYROLL 0000123 SALARY", { type: "income", category: "salary" }));
    expect(paydays.every((day) => weekday(day) === 5)).toBe(true);
    const [salary, ...others] = detectSeries(history, "2025-05-12");
    expect(others).toEqual([]);
    expect(salary).toMatchObject({
      key: "acme payroll salary|income|checking|GBP|biweekly|245000",
      name: "ACME PAYROLL SALARY",
      type: "income",
      category: "salary",
      frequency: "biweekly",
      amountKind: "fixed",
      anchor: "2025-05-09",
      nextDate: "2025-05-23",
      transactionIds: ids(history),
      metDates: paydays,
      confidence: 1,
    });
  });

  it("a weekly cleaner on Mondays, once a day late", () => {
    const mondays = ["2025-09-01", "2025-09-08", "2025-09-15", "2025-09-22", "2025-09-29", "2025-10-06", "2025-10-13", "2025-10-20"];
    const history = mondays.map((day) => tx("cleaner", day === "2025-10-06" ? "2025-10-07" : day, 6_000, "MRS J SMITH CLEANING"));
    const [cleaner, ...others] = detectSeries(history, "2025-10-22");
    expect(others).toEqual([]);
    expect(cleaner).toMatchObject({
      frequency: "weekly",
      anchor: "2025-10-20",
      nextDate: "2025-10-27",
      transactionIds: ids(history),
      metDates: mondays,
      // 1 − (1 / 8) / (2 × (1 + 1)) = 0.96875.
      confidence: 0.97,
    });
  });

  it("a quarterly water bill on the 5th", () => {
    const history = ["2025-01-05", "2025-04-05", "2025-07-05", "2025-10-05"].map((day) => tx("water", day, 9_000, "THAMES WATER"));
    const [water, ...others] = detectSeries(history, "2025-11-01");
    expect(others).toEqual([]);
    expect(water).toMatchObject({ frequency: "quarterly", anchor: "2025-10-05", nextDate: "2026-01-05", transactionIds: ids(history), metDates: ["2025-01-05", "2025-04-05", "2025-07-05", "2025-10-05"], confidence: 1 });
  });

  it("a yearly domain renewal", () => {
    const history = ["2023-12-02", "2024-12-02", "2025-12-02"].map((day) => tx("domain", day, 1_200, "NAMECHEAP.COM", { accountId: "card" }));
    const [domain, ...others] = detectSeries(history, "2026-01-10");
    expect(others).toEqual([]);
    expect(domain).toMatchObject({ key: "namecheap com|expense|card|GBP|yearly|1200", frequency: "yearly", anchor: "2025-12-02", nextDate: "2026-12-02", transactionIds: ids(history), confidence: 1 });
  });

  it("yearly on February 29: met on the 28th in common years, anchored on the latest 29th, next on the 28th", () => {
    const history = ["2024-02-29", "2025-02-28", "2026-02-28"].map((day) => tx("leap", day, 4_900, "LEAP CLUB"));
    const [leap, ...others] = detectSeries(history, "2026-03-01");
    expect(others).toEqual([]);
    expect(leap).toMatchObject({ frequency: "yearly", anchor: "2024-02-29", nextDate: "2027-02-28", metDates: ["2024-02-29", "2025-02-28", "2026-02-28"], transactionIds: ids(history) });
    expect(nextOccurrenceOnOrAfter(leap.anchor, "yearly", "2027-03-01")).toBe("2028-02-29");
  });

  it("monthly on the last day: due on the 31st, anchored on the latest 31st when the latest month is short", () => {
    const history = ["2025-08-31", "2025-09-30", "2025-10-31", "2025-11-30"].map((day) => tx("phone", day, 2_500, "VODAFONE LTD 7654321"));
    const [phone, ...others] = detectSeries(history, "2025-12-02");
    expect(others).toEqual([]);
    expect(phone).toMatchObject({ frequency: "monthly", anchor: "2025-10-31", nextDate: "2025-12-31", metDates: ["2025-08-31", "2025-09-30", "2025-10-31", "2025-11-30"], name: "VODAFONE LTD" });
  });
});

describe("payees and amounts", () => {
  it("a subscription whose descriptions carry a new reference each month is one series, named without them", () => {
    const references = ["P1A2B3C4D5", "Q9W8E7R6T5", "Z1X2C3V4B5", "M0N9B8V7C6", "K2J3H4G5F6", "L7K6J5H4G3"];
    const history = references.map((reference, index) => tx("spotify", `2025-0${index + 1}-03`, 1_099, `SPOTIFY ${reference}`, { accountId: "card", category: "subscriptions" }));
    const found = detectSeries(history, "2025-06-10");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ payeeKey: "spotify", name: "SPOTIFY", frequency: "monthly", nextDate: "2025-07-03", category: "subscriptions", transactionIds: ids(history) });
  });

  it("two memberships at one payee with different amounts are two series", () => {
    const months = ["05", "06", "07", "08", "09", "10"];
    const basic = months.map((month) => tx("basic", `2025-${month}-05`, 2_000, "PUREGYM LTD", { accountId: "card" }));
    const plus = months.map((month) => tx("plus", `2025-${month}-12`, 3_500, "PUREGYM LTD", { accountId: "card" }));
    const found = detectSeries([...plus, ...basic], "2025-10-20");
    expect(found.map((series) => [series.key, series.amount, series.nextDate, series.transactionIds])).toEqual([
      ["puregym ltd|expense|card|GBP|monthly|2000", 2_000, "2025-11-05", ids(basic)],
      ["puregym ltd|expense|card|GBP|monthly|3500", 3_500, "2025-11-12", ids(plus)],
    ]);
  });

  it("a utility bill that varies is 'varying', expected at the median of its latest six", () => {
    const amounts = [9_200, 8_800, 8_300, 6_000, 6_400, 6_900, 7_400, 7_900];
    const history = amounts.map((amount, index) => tx("gas", `2025-0${index + 1}-20`, amount, `BRITISH GAS DD REF ${["9TV4R6LD", "H70EN41Z", "W069QBFS", "K3LY2YHL", "QU9L5WNV", "AB12CD34", "ZZ98YY76", "QQ11RR22"][index]}`));
    const [gas, ...others] = detectSeries(history, "2025-08-25");
    expect(others).toEqual([]);
    // The latest six, 8,300 6,000 6,400 6,900 7,400 7,900: the median is (6,900 + 7,400) / 2.
    expect(gas).toMatchObject({
      key: "british gas dd|expense|checking|GBP|monthly|varying",
      name: "BRITISH GAS DD",
      amountKind: "varying",
      amount: 7_150,
      amountMin: 6_000,
      amountMax: 9_200,
      nextDate: "2025-09-20",
      transactionIds: ids(history),
    });
    const [later] = detectSeries([...history, tx("gas", "2025-09-22", 10_100, "BRITISH GAS DD REF 5XK2LQ9P")], "2025-09-25");
    expect(later.key).toBe(gas.key);
    // 6,000 6,400 6,900 7,400 7,900 10,100: the median is still (6,900 + 7,400) / 2, the range grows.
    expect(later).toMatchObject({ amount: 7_150, amountMax: 10_100, transactionIds: [...ids(history), "gas-2025-09-22"] });
  });

  it("a coffee shop visited every few days is no series", () => {
    const history: HistoryTransaction[] = [];
    let day = "2025-09-01";
    for (let visit = 0; visit < 40; visit += 1) {
      history.push(tx("coffee", day, visit % 4 === 3 ? 480 : 450, "PRET A MANGER", { accountId: "card", category: "coffee" }));
      day = shiftDay(day, [2, 3, 4][visit % 3]);
    }
    expect(detectSeries(history, day)).toEqual([]);
  });

  it("a subscription bought at a shop among its other purchases there is found by its exact amount, when it stands out", () => {
    const kindle = ["01", "02", "03", "04", "05", "06"].map((month) => tx("kindle", `2025-${month}-17`, 949, "AMZN MKTP UK", { accountId: "card" }));
    // A week of shopping there, each day, in amounts next to the subscription's: one cluster of amounts with it,
    // in which the subscription's run is not pure enough (6 of 14 over its span).
    const spree = [900, 920, 940, 960, 980, 1_000, 1_020, 1_040].map((amount, index) => tx("shop", `2025-03-0${index + 2}`, amount, "AMZN MKTP UK", { accountId: "card" }));
    const found = detectSeries([...spree, ...kindle], "2025-06-20");
    expect(found.map((series) => [series.frequency, series.amount, series.amountKind, series.transactionIds])).toEqual([["monthly", 949, "fixed", ids(kindle)]]);
    // Five of them are 5 of 13 of the payee's transactions over their span: a coincidence, not proposed.
    expect(detectSeries([...spree, ...kindle.slice(0, 5)], "2025-05-20")).toEqual([]);
  });

  it("different accounts, ways and currencies are separate series", () => {
    const months = ["01", "02", "03", "04"];
    const pounds = months.map((month) => tx("gbp", `2025-${month}-14`, 1_799, "NETFLIX.COM 866-579-7172 CA", { accountId: "uk-card" }));
    const euros = months.map((month) => tx("eur", `2025-${month}-14`, 1_799, "NETFLIX.COM 866-579-7172 CA", { accountId: "eu-card", currency: "EUR" }));
    const found = detectSeries([...euros, ...pounds], "2025-04-20");
    expect(found.map((series) => [series.key, series.transactionIds])).toEqual([
      ["netflix com ca|expense|eu-card|EUR|monthly|1799", ids(euros)],
      ["netflix com ca|expense|uk-card|GBP|monthly|1799", ids(pounds)],
    ]);
    // Due on one day, named alike, of one amount: still in one order, whatever order the history comes in.
    expect(detectSeries([...pounds, ...euros], "2025-04-20")).toEqual(found);
    // Three months in one account are a series; split over two accounts, or a refund among them, they are not.
    const three = ["2025-01-14", "2025-02-14", "2025-03-14"].map((day) => tx("gym", day, 4_200, "FITNESS FIRST"));
    expect(detectSeries(three, "2025-03-20")).toHaveLength(1);
    expect(detectSeries([three[0], three[1], { ...three[2], accountId: "savings" }], "2025-03-20")).toEqual([]);
    expect(detectSeries([three[0], three[1], { ...three[2], type: "income" }], "2025-03-20")).toEqual([]);
    expect(detectSeries([three[0], three[1], { ...three[2], currency: "EUR" }], "2025-03-20")).toEqual([]);
  });
});

describe("what is not proposed", () => {
  const gym = ["2025-01-08", "2025-02-08", "2025-03-08", "2025-04-08", "2025-05-08", "2025-06-08"].map((day) => tx("gym", day, 4_200, "FITNESS FIRST", { accountId: "card" }));

  it("a series whose next two due dates (July 8, August 8) and their slack have passed has ended", () => {
    expect(detectSeries(gym, "2025-07-20").map((series) => series.nextDate)).toEqual(["2025-08-08"]);
    expect(detectSeries(gym, "2025-08-11").map((series) => series.nextDate)).toEqual(["2025-09-08"]);
    expect(detectSeries(gym, "2025-08-12")).toEqual([]);
    expect(detectSeries(gym, "2026-06-01")).toEqual([]);
  });

  it("fewer occurrences than a frequency needs: three, or two a year apart", () => {
    expect(detectSeries(gym.slice(0, 2), "2025-02-20")).toEqual([]);
    expect(detectSeries(gym.slice(0, 3), "2025-03-20")).toHaveLength(1);
    const weekly = ["2025-03-03", "2025-03-10"].map((day) => tx("box", day, 2_999, "VEG BOX"));
    expect(detectSeries(weekly, "2025-03-12")).toEqual([]);
    expect(detectSeries([...weekly, tx("box", "2025-03-17", 2_999, "VEG BOX")], "2025-03-19")).toHaveLength(1);
    const yearly = tx("insurance", "2024-03-15", 54_000, "ADMIRAL INSURANCE");
    expect(detectSeries([yearly], "2024-04-01")).toEqual([]);
    expect(detectSeries([yearly, tx("insurance", "2025-03-17", 54_000, "ADMIRAL INSURANCE")], "2025-04-01")).toMatchObject([{ frequency: "yearly", nextDate: "2026-03-15" }]);
  });

  it("a pair a year apart at a shop is a coincidence when the shop was paid as often between them, whatever order the history comes in", () => {
    const shop = (date: string, amount: number) => tx("shop", date, amount, "CORNER SHOP", { accountId: "card" });
    const pair = [shop("2025-03-10", 1_695), shop("2026-03-10", 1_695)];
    const before = [shop("2024-06-20", 3_100), shop("2024-11-05", 480)];
    const after = [shop("2026-06-14", 3_100), shop("2026-08-30", 480)];
    const between = [shop("2025-06-20", 2_400), shop("2025-10-03", 520)];
    // 2 of the 4 payments to the shop over the pair's span: short of 75%, and of six occurrences.
    expect(detectSeries([...before, pair[0], ...between, pair[1], ...after], "2026-04-01")).toEqual([]);
    expect(detectSeries([...pair, ...before, ...after, ...between], "2026-04-01")).toEqual([]);
    expect(detectSeries([...between, ...after, ...before, ...pair], "2026-04-01")).toEqual([]);
    // With nothing paid there between them, the pair stands out.
    expect(detectSeries([...pair, ...after, ...before], "2026-04-01")).toMatchObject([{ frequency: "yearly", amount: 1_695, nextDate: "2027-03-10", transactionIds: ids(pair) }]);
  });

  it("a description that names no payee is left out", () => {
    expect(detectSeries(["2025-01-14", "2025-02-14", "2025-03-14"].map((day) => tx("blank", day, 4_200, "12/03")), "2025-03-20")).toEqual([]);
  });
});

describe("properties", () => {
  const PAYEES = ["TESCO STORES 2041", "PRET A MANGER", "PUREGYM LTD", "SPOTIFY P1A2B3C4D5", "BRITISH GAS DD"];
  const AMOUNTS = [450, 480, 999, 1_000, 2_000, 3_500, 12_000];
  const START = "2024-01-01";

  const noise = fc.record({
    payee: fc.constantFrom(...PAYEES),
    offset: fc.integer({ min: 0, max: 729 }),
    amount: fc.constantFrom(...AMOUNTS),
    accountId: fc.constantFrom("a", "b"),
    type: fc.constantFrom("expense" as const, "income" as const),
  });
  const plantedSeries = fc.record({
    payee: fc.constantFrom(...PAYEES),
    frequency: fc.constantFrom(...FREQUENCIES),
    anchorOffset: fc.integer({ min: 0, max: 300 }),
    count: fc.integer({ min: 2, max: 14 }),
    amount: fc.constantFrom(...AMOUNTS),
    accountId: fc.constantFrom("a", "b"),
    jitter: fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 14, maxLength: 14 }),
  });
  const histories = fc
    .tuple(fc.array(noise, { maxLength: 60 }), fc.array(plantedSeries, { maxLength: 4 }), fc.integer({ min: 600, max: 800 }))
    .map(([noisy, planted, todayOffset]) => {
      const rows: Array<Omit<HistoryTransaction, "id">> = noisy.map(({ payee, offset, amount, accountId, type }) => ({ date: shiftDay(START, offset), amount, currency: "GBP", type, accountId, description: payee, category: "x" }));
      for (const { payee, frequency, anchorOffset, count, amount, accountId, jitter } of planted) {
        const anchor = shiftDay(START, anchorOffset);
        occurrencesBetween(anchor, frequency, anchor, shiftDay(anchor, 3_000))
          .slice(0, count)
          .forEach((due, index) => rows.push({ date: shiftDay(due, jitter[index]), amount, currency: "GBP", type: "expense", accountId, description: payee, category: "y" }));
      }
      const history: HistoryTransaction[] = rows.map((row, index) => ({ id: `t${index}`, ...row }));
      return { history, today: shiftDay(START, todayOffset) };
    });
  /** One busy shop over three years, a few amounts bought again and again: coincidences (a pair a year apart) for the payee share to turn down. */
  const busyShops = fc
    .tuple(fc.array(fc.record({ offset: fc.integer({ min: 0, max: 1_094 }), amount: fc.constantFrom(450, 480, 520, 1_695, 2_400, 3_100) }), { minLength: 10, maxLength: 80 }), fc.integer({ min: 1_000, max: 1_150 }))
    .map(([purchases, todayOffset]) => ({
      history: purchases.map(({ offset, amount }, index): HistoryTransaction => ({ id: `s${index}`, date: shiftDay(START, offset), amount, currency: "GBP", type: "expense", accountId: "a", description: "CORNER SHOP", category: "x" })),
      today: shiftDay(START, todayOffset),
    }));
  const withShuffled = ({ history, today }: { history: HistoryTransaction[]; today: string }) =>
    fc.shuffledSubarray(history, { minLength: history.length, maxLength: history.length }).map((shuffled) => ({ history, shuffled, today }));

  it("is deterministic, and the same whatever order the transactions come in", () => {
    fc.assert(
      fc.property(histories.chain(withShuffled), ({ history, shuffled, today }) => {
        const found = detectSeries(history, today);
        expect(detectSeries(history, today)).toEqual(found);
        expect(detectSeries(shuffled, today)).toEqual(found);
      }),
      { numRuns: 300 },
    );
  });

  it("a busy shop's series are the same whatever order its purchases come in", () => {
    fc.assert(
      fc.property(busyShops.chain(withShuffled), ({ history, shuffled, today }) => {
        expect(detectSeries(shuffled, today)).toEqual(detectSeries(history, today));
      }),
      { numRuns: 300 },
    );
  });

  it("each series' transactions are the input's, in one series at most, oldest first, each with the due date it met", () => {
    fc.assert(
      fc.property(fc.oneof(histories, busyShops), ({ history, today }) => {
        const byId = new Map(history.map((transaction) => [transaction.id, transaction]));
        const taken = new Set<string>();
        for (const series of detectSeries(history, today)) {
          expect(series.metDates).toHaveLength(series.transactionIds.length);
          expect(series.confidence).toBeGreaterThanOrEqual(0);
          expect(series.confidence).toBeLessThanOrEqual(1);
          expect(Math.round(series.confidence * 100) / 100).toBe(series.confidence);
          expect(series.nextDate >= today && series.nextDate > series.metDates[series.metDates.length - 1]).toBe(true);
          expect(nextOccurrenceOnOrAfter(series.anchor, series.frequency, series.nextDate)).toBe(series.nextDate);
          expect(series.amountMin <= series.amount && series.amount <= series.amountMax).toBe(true);
          series.transactionIds.forEach((id, index) => {
            const transaction = byId.get(id);
            expect(transaction).toBeDefined();
            expect(taken.has(id)).toBe(false);
            taken.add(id);
            expect(Math.abs(daysBetween(series.metDates[index], transaction!.date))).toBeLessThanOrEqual(5);
            expect([transaction!.type, transaction!.accountId, transaction!.currency, payeeKey(transaction!.description)]).toEqual([series.type, series.accountId, series.currency, series.payeeKey]);
            if (index > 0) {
              expect(series.metDates[index - 1] < series.metDates[index]).toBe(true);
              expect(byId.get(series.transactionIds[index - 1])!.date <= transaction!.date).toBe(true);
            }
          });
        }
      }),
      { numRuns: 300 },
    );
  });
});
