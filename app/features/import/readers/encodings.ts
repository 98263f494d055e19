/** The encodings a bank file can be read in: what detection picks from, and what the user can choose instead. */
export const ENCODINGS = {
  "utf-8": "UTF-8",
  "utf-16le": "UTF-16 LE",
  "utf-16be": "UTF-16 BE",
  "windows-1252": "Windows-1252",
  "iso-8859-15": "ISO-8859-15",
  "windows-1250": "Windows-1250",
  "iso-8859-2": "ISO-8859-2",
} as const;
export type Encoding = keyof typeof ENCODINGS;
export const ENCODING_NAMES = Object.keys(ENCODINGS) as Encoding[];

export function isEncoding(value: unknown): value is Encoding {
  return typeof value === "string" && Object.hasOwn(ENCODINGS, value);
}
