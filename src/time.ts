/** Time arithmetic shared by the write and read sides. */

/** One day in milliseconds. */
export const DAY_MS = 86_400_000;

/** Whole and fractional days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Date | number, to: Date | number): number {
  return (Number(to) - Number(from)) / DAY_MS;
}
