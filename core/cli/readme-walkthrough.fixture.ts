/** The heading of the README's walk-through: its `sh` blocks are what a reader runs, in order. */
export const WALKTHROUGH_HEADING = "## Running the method's study";

/** The `sh` code blocks of the README's walk-through section, in order (up to the next `## ` heading). */
export function readmeWalkthrough(readme: string): string[] {
  const start = readme.indexOf(`\n${WALKTHROUGH_HEADING}\n`);
  if (start < 0) throw new Error(`README.md has no "${WALKTHROUGH_HEADING}" section.`);
  const rest = readme.slice(start + WALKTHROUGH_HEADING.length + 2);
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

/**
 * The blocks with the value of each `export NAME=…` line whose NAME is in `values` replaced by
 * that value (single-quoted, the rest of the line dropped); nothing else is touched. `replaced`
 * lists each name once per line it replaced, so a caller can require every name to be there once.
 */
export function withExportValues(blocks: readonly string[], values: Readonly<Record<string, string>>): { blocks: string[]; replaced: string[] } {
  const replaced: string[] = [];
  const quoted = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
  const out = blocks.map((block) =>
    block.replace(/^export ([A-Z_][A-Z0-9_]*)=.*$/gm, (line, name: string) => {
      if (!(name in values)) return line;
      replaced.push(name);
      return `export ${name}=${quoted(values[name]!)}`;
    }),
  );
  return { blocks: out, replaced };
}
