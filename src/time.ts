/** Time arithmetic shared by the write and read sides. */

/** One day in milliseconds. */
export const DAY_MS = 86_400_000;

/** Whole and fractional days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Date | number, to: Date | number): number {
  return (Number(to) - Number(from)) / DAY_MS;
}

/**
 * Keyword terms that name a calendar day, indexed with the episodes of that day and added to a
 * query that names it: `date_0504` (any year: "May 4th", "5月4日") and `date_20230504`.
 * Synthetic, so no ordinary word or number in a memory can match them by accident.
 * @example
 * dayTerms("2023-05-04"); // ["date_0504", "date_20230504"]
 * dayTerms("2023-05-04", { withYear: false }); // ["date_0504"]
 */
export function dayTerms(isoDate: string, options: { withYear?: boolean } = {}): string[] {
  const [year, month, day] = isoDate.slice(0, 10).split("-");
  const monthDay = `date_${month}${day}`;
  return options.withYear === false ? [monthDay] : [monthDay, `date_${year}${month}${day}`];
}
