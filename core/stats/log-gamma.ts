// ln Γ(x) for x > 0, the building block of the incomplete gamma function (chi-square p-values)
// and of the binomial sampler's acceptance test. Pure: a number in, a number out.
//
// Lanczos' approximation with Godfrey's coefficients (g = 607/128, 15 terms, written as the
// nearest doubles), good to about 1e-15 relative over x ≥ 0.5; below that ln Γ(x) = ln Γ(x + 1) − ln x keeps the same accuracy
// without the reflection formula's cancellation.

const LANCZOS_G = 607 / 128;
const LANCZOS_COEFFICIENTS = [
  0.9999999999999971, 57.15623566586292, -59.59796035547549, 14.136097974741746,
  -0.4919138160976202, 3.399464998481189e-05, 4.652362892704858e-05, -9.837447530487956e-05,
  0.0001580887032249125, -0.00021026444172410488, 0.00021743961811521265, -0.0001643181065367639,
  8.441822398385275e-05, -2.6190838401581408e-05, 3.6899182659531625e-06,
] as const;
const HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);

/** ln Γ(x) for a finite x > 0; throws a RangeError naming x otherwise. */
export function logGamma(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) throw new RangeError(`x must be a finite number above 0, got ${x}`);
  if (x === 1 || x === 2) return 0;
  if (x < 0.5) return logGamma(x + 1) - Math.log(x);
  const z = x - 1;
  let sum = LANCZOS_COEFFICIENTS[0];
  for (let i = 1; i < LANCZOS_COEFFICIENTS.length; i++) sum += (LANCZOS_COEFFICIENTS[i] as number) / (z + i);
  const t = z + LANCZOS_G + 0.5;
  return HALF_LOG_TWO_PI + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}
