import iconv from "iconv-lite";
import { describe, expect, test } from "vitest";
import { decodeFile } from "./decode.server";

const GERMAN = "Buchungstag;Empfänger;Betrag\n02.03.2020;Bäckerei Müller – Straße;-8,78\n";

describe("reading the bytes of a file", () => {
  test.each([
    ["UTF-8", Buffer.from(GERMAN, "utf8"), "UTF-8"],
    ["UTF-8 with a byte order mark", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(GERMAN, "utf8")]), "UTF-8 with BOM"],
    ["UTF-16 LE with a byte order mark", Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(GERMAN, "utf-16le")]), "UTF-16 LE"],
    ["UTF-16 BE with a byte order mark", Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(GERMAN, "utf-16be")]), "UTF-16 BE"],
    ["UTF-16 LE without one", iconv.encode(GERMAN, "utf-16le"), "UTF-16 LE"],
    ["Windows-1252", iconv.encode(GERMAN, "windows-1252"), "Windows-1252"],
  ])("%s", (_, bytes, label) => {
    const decoded = decodeFile(new Uint8Array(bytes));
    expect(decoded).toEqual({ text: GERMAN, encoding: expect.any(String), label, detected: true });
  });

  test("an OFX header's CHARSET names the encoding of a file that is not UTF-8", () => {
    const ofx = "OFXHEADER:100\nDATA:OFXSGML\nCHARSET:1252\n\n<OFX><NAME>CAFÉ</OFX>";
    expect(decodeFile(new Uint8Array(iconv.encode(ofx, "windows-1252")))).toMatchObject({ text: ofx, encoding: "windows-1252" });
  });

  test("the user's choice of encoding wins", () => {
    const decoded = decodeFile(new Uint8Array(iconv.encode(GERMAN, "windows-1252")), "iso-8859-2");
    expect(decoded).toMatchObject({ encoding: "iso-8859-2", label: "ISO-8859-2", detected: false });
    expect(decoded.text).not.toBe(GERMAN);
  });
});
