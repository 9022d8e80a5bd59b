/** Decimal amounts travel as strings ([dec-type]) and are computed in cents, so no float error creeps in. */
export function toCents(amount: string): number {
  const [units = '0', fraction = ''] = amount.split('.');
  return Number(units) * 100 + Number(fraction.padEnd(2, '0'));
}

export function fromCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
