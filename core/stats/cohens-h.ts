// Cohen's h: the effect size between two proportions on the arcsine-square-root scale, where
// equal differences are equally detectable. Pure: two numbers in, one out.

/** h = 2·asin(√p1) − 2·asin(√p2); positive when p1 > p2, in [−π, π]. */
export function cohensH(p1: number, p2: number): number {
  checkProportion('p1', p1);
  checkProportion('p2', p2);
  return 2 * Math.asin(Math.sqrt(p1)) - 2 * Math.asin(Math.sqrt(p2));
}

function checkProportion(field: 'p1' | 'p2', p: number): void {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`${field} must be a proportion from 0 to 1, got ${p}`);
}
