import type { PreviewRow, PreviewRowStatus } from "./preview";

/** Why a row of the file is not imported. */
export type LeftOutReason = Exclude<PreviewRowStatus, "new">;

/** The rows left out for one reason, in file order: the first ones in full, every other one named in `others` ("Rows 151–160, 172"). */
export type LeftOutGroup = { reason: LeftOutReason; count: number; rows: PreviewRow[]; others: string | null };

/** The order the preview lists the reasons in: what the user can fix first. */
const REASONS: LeftOutReason[] = ["error", "duplicate", "pending", "declined", "zero", "balance"];

/** Rows listed in full per reason; a re-imported file of thousands of duplicates names the rest by their labels. */
const LISTED_IN_FULL = 100;

/** "Row 7", "Row 8", "Row 9", "Row 12" → "Rows 7–9, 12": labels of one noun, their numbers in runs. */
export function labelRanges(labels: string[]) {
  const groups: Array<{ noun: string | null; runs: Array<[number, number]> }> = [];
  for (const label of labels) {
    const numbered = /^(.*\S)\s+(\d+)$/.exec(label);
    const last = groups.at(-1);
    if (!numbered) {
      groups.push({ noun: label, runs: [] });
      continue;
    }
    const [noun, number] = [numbered[1], Number(numbered[2])];
    if (last?.noun !== noun || last.runs.length === 0) groups.push({ noun, runs: [[number, number]] });
    else if (last.runs[last.runs.length - 1][1] === number - 1) last.runs[last.runs.length - 1][1] = number;
    else last.runs.push([number, number]);
  }
  return groups
    .map(({ noun, runs }) => {
      if (runs.length === 0) return noun;
      const several = runs.length > 1 || runs[0][0] !== runs[0][1];
      return `${noun}${several ? "s" : ""} ${runs.map(([first, last]) => (first === last ? `${first}` : `${first}–${last}`)).join(", ")}`;
    })
    .join(", ");
}

/** Every row of the file that is not imported, grouped by its reason. */
export function leftOutGroups(rows: PreviewRow[]): LeftOutGroup[] {
  return REASONS.flatMap((reason) => {
    const left = rows.filter((row) => row.status === reason);
    if (left.length === 0) return [];
    const rest = left.slice(LISTED_IN_FULL).map((row) => row.label);
    return [{ reason, count: left.length, rows: left.slice(0, LISTED_IN_FULL), others: rest.length > 0 ? labelRanges(rest) : null }];
  });
}
