/**
 * The transcript benches' peer: Python's standard library reading a file a line at a time with
 * json.loads, skipping non-JSON lines (interleaved stderr, which ours keeps as a warning). Run as
 * `python3 -c PYTHON_LINE_READER <file>`; prints "seconds lines peak-RSS-KiB".
 */
export const PYTHON_LINE_READER = String.raw`
import json, resource, sys, time
started = time.perf_counter()
lines = 0
with open(sys.argv[1], encoding='utf-8') as f:
    for line in f:
        if line.strip():
            try:
                json.loads(line)
            except ValueError:
                pass  # interleaved stderr, as ours keeps as a warning
            lines += 1
print(time.perf_counter() - started, lines, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
`;
