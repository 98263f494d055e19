import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { EcbRatesError, parseEcbRates } from "./ecb-rates.server";

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/ecb/${name}`, import.meta.url), "utf8");

/** An ECB envelope around `cubes` (the days), pretty-printed with single quotes as the ECB's daily file is. */
const envelope = (cubes: string) => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
${cubes}
\t</Cube>
</gesmes:Envelope>`;

describe("parseEcbRates", () => {
  test("reads every day of the 90-day file with each rate's text exactly as written", () => {
    const days = parseEcbRates(fixture("eurofxref-hist-90d.xml"));
    expect(days).toHaveLength(64);
    expect(days[0].day).toBe("2017-03-03");
    expect(days.at(-1)!.day).toBe("2016-12-05");
    expect(days.every(({ rates }) => Object.keys(rates).length === 31)).toBe(true);
    expect(days[0].rates).toMatchObject({ USD: "1.0565", JPY: "120.83", GBP: "0.86355", BRL: "3.308", IDR: "14138.61" });
    expect(days.find(({ day }) => day === "2016-12-09")!.rates.KRW).toBe("1237");
  });

  test("reads the daily file: one day", () => {
    const [day, ...others] = parseEcbRates(fixture("eurofxref-daily.xml"));
    expect(others).toEqual([]);
    expect(day.day).toBe("2017-03-03");
    expect(day.rates).toEqual(parseEcbRates(fixture("eurofxref-hist-90d.xml"))[0].rates);
  });

  test("reads the ECB's pretty-printed layout with single-quoted attributes", () => {
    const xml = envelope("\t\t<Cube time='2017-03-03'>\n\t\t\t<Cube currency='USD' rate='1.0565'/>\n\t\t\t<Cube currency='JPY' rate='120.83'/>\n\t\t</Cube>");
    expect(parseEcbRates(xml)).toEqual([{ day: "2017-03-03", rates: { USD: "1.0565", JPY: "120.83" } }]);
  });

  test.each([
    ["text that is not XML", "<html><body>Service unavailable", /not XML/],
    ["an empty answer", "", /not XML/],
    ["another XML document", "<html><body>Maintenance</body></html>", /one <Cube> of days/],
    ["an envelope without days", envelope(""), /no days/],
    ["a day that is not a date", envelope(`<Cube time="2017-02-30"><Cube currency="USD" rate="1.05"/></Cube>`), /day 1 has time "2017-02-30"/],
    ["a day without its time", envelope(`<Cube><Cube currency="USD" rate="1.05"/></Cube>`), /day 1 has time undefined/],
    ["a day given twice", envelope(`<Cube time="2017-03-03"><Cube currency="USD" rate="1.05"/></Cube><Cube time="2017-03-03"><Cube currency="USD" rate="1.05"/></Cube>`), /2017-03-03 is given twice/],
    ["a day without rates", envelope(`<Cube time="2017-03-03"></Cube>`), /2017-03-03 has no rates/],
    ["a currency that is not a code", envelope(`<Cube time="2017-03-03"><Cube currency="usd" rate="1.05"/></Cube>`), /currency "usd", not a 3-letter code/],
    ["a currency given twice a day", envelope(`<Cube time="2017-03-03"><Cube currency="USD" rate="1.05"/><Cube currency="USD" rate="1.06"/></Cube>`), /gives USD twice/],
    ["a rate that is not a number", envelope(`<Cube time="2017-03-03"><Cube currency="USD" rate="n/a"/></Cube>`), /USD rate "n\/a", not a positive decimal/],
    ["a zero rate", envelope(`<Cube time="2017-03-03"><Cube currency="USD" rate="0.0000"/></Cube>`), /USD rate "0.0000"/],
    ["a negative rate", envelope(`<Cube time="2017-03-03"><Cube currency="USD" rate="-1.05"/></Cube>`), /USD rate "-1.05"/],
    ["a rate in exponent form", envelope(`<Cube time="2017-03-03"><Cube currency="USD" rate="1e3"/></Cube>`), /USD rate "1e3"/],
    ["a missing rate", envelope(`<Cube time="2017-03-03"><Cube currency="USD"/></Cube>`), /USD rate undefined/],
  ])("refuses %s with an error that says what is wrong", (_name, xml, message) => {
    expect(() => parseEcbRates(xml)).toThrow(EcbRatesError);
    expect(() => parseEcbRates(xml)).toThrow(message);
  });
});
