import { describe, expect, test } from "vitest";
import { describeDateOrder, detectDateOrder, parseDate } from "./dates";

describe("reading a date in a known order", () => {
  test.each([
    ["2020-02-13", "YMD", "2020-02-13"],
    ["2020/2/3", "YMD", "2020-02-03"],
    ["20200213", "YMD", "2020-02-13"],
    ["13.02.2020", "DMY", "2020-02-13"],
    ["02.03.2018", "DMY", "2018-03-02"],
    ["24-08-2020", "DMY", "2020-08-24"],
    ["02/13/2020", "MDY", "2020-02-13"],
    ["6/19/20", "MDY", "2020-06-19"],
    ["6/19'20", "MDY", "2020-06-19"],
    [" 6/ 5'20", "MDY", "2020-06-05"],
    ["02.03.18", "DMY", "2018-03-02"],
    ["01/01/70", "DMY", "1970-01-01"],
    ["31/12/69", "DMY", "2069-12-31"],
    ["12-Dec-2019", "DMY", "2019-12-12"],
    ["12 Dez. 2019", "DMY", "2019-12-12"],
    ["3 mrt 2020", "DMY", "2020-03-03"],
    ["12 déc. 2019", "DMY", "2019-12-12"],
    ["5 ene 2021", "DMY", "2021-01-05"],
    ["Dec 12, 2019", "MDY", "2019-12-12"],
    ["2018-02-26T17:43:35+0000", "YMD", "2018-02-26"],
    ["2018-02-26T23:59:59-05:00", "YMD", "2018-02-26"],
    ["2018-02-26 17:43:35", "YMD", "2018-02-26"],
    ["26/02/2018 17:43", "DMY", "2018-02-26"],
    ["02/26/2018 5:43 PM", "MDY", "2018-02-26"],
    ["2017-04-01+02:00", "YMD", "2017-04-01"],
    ["2017-04-01Z", "YMD", "2017-04-01"],
    ["03/25/099", "MDY", "1999-03-25"],
    ["01/04/100", "MDY", "2000-01-04"],
    ["25.03.117", "DMY", "2017-03-25"],
  ] as const)("%s read %s is %s", (text, order, expected) => {
    expect(parseDate(text, order)).toBe(expected);
  });

  test("days that do not exist, and text that is no date, are not dates", () => {
    expect(parseDate("31/02/2020", "DMY")).toBeNull();
    expect(parseDate("2020-02-30", "YMD")).toBeNull();
    expect(parseDate("29.02.2019", "DMY")).toBeNull();
    expect(parseDate("29.02.2020", "DMY")).toBe("2020-02-29");
    expect(parseDate("13/13/2020", "DMY")).toBeNull();
    expect(parseDate("Total", "DMY")).toBeNull();
    expect(parseDate("12 Foo 2019", "DMY")).toBeNull();
    expect(parseDate("1/2/3/4", "DMY")).toBeNull();
    expect(parseDate("", "YMD")).toBeNull();
  });
});

describe("deciding the order of day and month from the whole column", () => {
  test("one day above 12 decides it", () => {
    expect(detectDateOrder(["02/03/2018", "13/03/2018"])).toEqual({ status: "decided", order: "DMY" });
    expect(detectDateOrder(["02/03/2018", "03/13/2018"])).toEqual({ status: "decided", order: "MDY" });
    expect(detectDateOrder(["2018-03-02", "2018-03-13"])).toEqual({ status: "decided", order: "YMD" });
    expect(detectDateOrder(["20180302"])).toEqual({ status: "decided", order: "YMD" });
  });

  test("when every date reads both ways the user is asked, with a date that shows the difference", () => {
    expect(detectDateOrder(["03/03/2018", "02/03/2018", "04/03/2018"])).toEqual({ status: "ask", orders: ["DMY", "MDY"], example: "02/03/2018" });
  });

  test("the same day read either way needs no question", () => {
    expect(detectDateOrder(["03/03/2018"])).toEqual({ status: "decided", order: "DMY" });
  });

  test("named months need no question; the order is the one they are written in", () => {
    expect(detectDateOrder(["12 Dec 2019", "10 Dec 2019"])).toEqual({ status: "decided", order: "DMY" });
    expect(detectDateOrder(["Dec 12, 2019"])).toEqual({ status: "decided", order: "MDY" });
  });

  test("dates that contradict each other keep the order most of them read in; the rest become row errors", () => {
    expect(detectDateOrder(["13/02/2020", "14/02/2020", "02/15/2020"])).toEqual({ status: "partial", order: "DMY", unreadable: 1 });
    expect(detectDateOrder(["", "  "])).toEqual({ status: "none" });
  });
});

test("an order is explained with a date of the file read that way", () => {
  expect(describeDateOrder("DMY", "02/03/2018")).toBe("Day first: 02/03/2018 is 2 March 2018");
  expect(describeDateOrder("MDY", "02/03/2018")).toBe("Month first: 02/03/2018 is 3 February 2018");
  expect(describeDateOrder("MDY", "")).toBe("Month first");
});
