/** Sorts descending by a possibly missing number; missing values go last, ties keep their order. */
export function byDescending<T>(value: (item: T) => number | null): (a: T, b: T) => number {
  return (a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x === null || y === null) return x === null ? (y === null ? 0 : 1) : -1;
    return y - x;
  };
}
