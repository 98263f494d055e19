/** Lower case, accents and runs of spaces gone: how names and descriptions compare ("CAFÉ  Nero" is "cafe nero"). */
export function comparable(text: string) {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}
