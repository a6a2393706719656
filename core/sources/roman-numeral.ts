/** The value of a roman numeral of the letters page numbers use (i, v, x, l, c, either case); undefined for anything else. */
export function romanNumeralValue(numeral: string): number | undefined {
  const roman = numeral.toLowerCase();
  if (!/^[ivxlc]+$/.test(roman)) return undefined;
  const values: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
  let total = 0;
  for (let k = 0; k < roman.length; k++) {
    const value = values[roman[k]!]!;
    total += value < (values[roman[k + 1] ?? ''] ?? 0) ? -value : value;
  }
  return total;
}
