// Bytes of an uploaded bank file to text: server-only, so the encoding tables never ship to the browser.
import chardet from "chardet";
import iconv from "iconv-lite";
import { ENCODINGS, isEncoding, type Encoding } from "./encodings";

const BOMS: Array<{ bytes: number[]; encoding: Encoding }> = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: "utf-8" },
  { bytes: [0xff, 0xfe], encoding: "utf-16le" },
  { bytes: [0xfe, 0xff], encoding: "utf-16be" },
];

/** chardet's names of the single-byte encodings banks use; Latin-1 is read as its superset Windows-1252, as browsers do. */
const DETECTED: Record<string, Encoding> = {
  "ISO-8859-1": "windows-1252",
  "windows-1252": "windows-1252",
  "ISO-8859-15": "iso-8859-15",
  "ISO-8859-2": "iso-8859-2",
  "windows-1250": "windows-1250",
  "UTF-16LE": "utf-16le",
  "UTF-16BE": "utf-16be",
};

/** How far into a file detection looks. */
const SAMPLE_BYTES = 64 * 1024;

function bomOf(bytes: Uint8Array) {
  return BOMS.find((bom) => bom.bytes.every((byte, index) => bytes[index] === byte)) ?? null;
}

/** UTF-16 without a byte order mark: text in Latin script has a zero in every other byte. */
function utf16WithoutBom(sample: Uint8Array): Encoding | null {
  if (sample.length < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index < sample.length; index += 1) {
    if (sample[index] === 0) {
      if (index % 2 === 0) evenZeros += 1;
      else oddZeros += 1;
    }
  }
  const half = sample.length / 2;
  if (oddZeros > half * 0.6 && evenZeros < half * 0.1) return "utf-16le";
  if (evenZeros > half * 0.6 && oddZeros < half * 0.1) return "utf-16be";
  return null;
}

/** The charset an OFX header ("CHARSET:1252") or an XML declaration (encoding="ISO-8859-1") names. */
function declaredEncoding(sample: Uint8Array): Encoding | null {
  const head = iconv.decode(Buffer.from(sample.subarray(0, 1024)), "latin1");
  const declared = /^CHARSET:\s*(\S+)/m.exec(head)?.[1] ?? /<\?xml[^>]*encoding=["']([^"']+)["']/i.exec(head)?.[1];
  if (!declared) return null;
  const name = declared.toLowerCase();
  if (name === "1252" || name === "windows-1252" || name === "iso-8859-1" || name === "latin1") return "windows-1252";
  if (name === "utf-8" || name === "utf8") return "utf-8";
  return isEncoding(name) ? name : null;
}

function isUtf8(bytes: Uint8Array) {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export type DecodedFile = {
  text: string;
  encoding: Encoding;
  /** How the preview names it: "UTF-8", "UTF-8 with BOM", "Windows-1252"… */
  label: string;
  /** Whether `encoding` was found in the file (chosen by the user otherwise). */
  detected: boolean;
};

/**
 * Finds the file's encoding: a byte order mark, UTF-16 by its zero bytes,
 * valid UTF-8, the charset the file declares, else chardet's best guess
 * among the single-byte encodings banks use (Windows-1252 when it has none).
 */
function detectEncoding(bytes: Uint8Array): Encoding {
  const bom = bomOf(bytes);
  if (bom) return bom.encoding;
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  const utf16 = utf16WithoutBom(sample);
  if (utf16) return utf16;
  if (isUtf8(bytes)) return "utf-8";
  const declared = declaredEncoding(sample);
  if (declared && declared !== "utf-8") return declared;
  const guesses = chardet.analyse(sample);
  return guesses.map((guess) => DETECTED[guess.name]).find((encoding) => encoding !== undefined) ?? "windows-1252";
}

/** The text of the file in `chosen` encoding, or in the one detected; a byte order mark is dropped. */
export function decodeFile(bytes: Uint8Array, chosen?: Encoding): DecodedFile {
  const encoding = chosen ?? detectEncoding(bytes);
  const bom = bomOf(bytes);
  const hasBom = bom?.encoding === encoding;
  const text = iconv.decode(Buffer.from(hasBom ? bytes.subarray(bom.bytes.length) : bytes), encoding);
  const label = hasBom && encoding === "utf-8" ? "UTF-8 with BOM" : ENCODINGS[encoding];
  return { text, encoding, label, detected: chosen === undefined };
}
