// Counts for people: 21500 as "21,500", what toLocaleString('en-US') writes, without it: its first
// call starts ICU's number formatting, a start-up cost for every stylish report or progress line.

/** A count with commas between groups of three digits; other numbers as toLocaleString('en-US') writes them. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) return n.toLocaleString('en-US');
  return String(n).replace(/\B(?=(?:\d{3})+$)/g, ',');
}
