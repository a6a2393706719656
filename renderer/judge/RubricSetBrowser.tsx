import type { JudgeTier } from '../../schemas/judge.ts';
import { DataTable } from '../ui/DataTable.tsx';
import { AUTHOR_WORDS, groupRubricSets, setLabel, TIER_WORDS, usageOf, usageWords, type RubricSetGroup, type TierFilter } from './rubric-set-groups.ts';
import { useRubricsStore } from './rubrics-store.ts';

const TIERS: TierFilter[] = ['all', 'process', 'output', 'content'];

/** Every set at each scale, its versions (built-in or authored) and how many judgments used each. */
export function RubricSetBrowser() {
  const phase = useRubricsStore((s) => s.phase);
  const sets = useRubricsStore((s) => s.sets);
  const usage = useRubricsStore((s) => s.usage);
  const warnings = useRubricsStore((s) => s.warnings);
  const tier = useRubricsStore((s) => s.tier);
  const selected = useRubricsStore((s) => s.selected);
  const editing = useRubricsStore((s) => s.editor !== undefined);
  const { setTier, select, startNewSet } = useRubricsStore.getState();
  const groups = groupRubricSets(sets, tier);

  return (
    <div className="judge-browser" aria-busy={phase === 'loading'}>
      <div className="judge-browser__controls">
        <label className="judge-field judge-field--inline">
          <span>Tier</span>
          <select value={tier} onChange={(e) => setTier(e.target.value as TierFilter)}>
            {TIERS.map((value) => (
              <option key={value} value={value}>
                {value === 'all' ? 'All tiers' : TIER_WORDS[value as JudgeTier]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={startNewSet} disabled={editing}>
          New rubric set
        </button>
      </div>
      {warnings.map((warning) => (
        <p key={warning} className="judge-warning">
          {warning}
        </p>
      ))}
      {phase === 'loading' && sets.length === 0 ? (
        <p className="muted">Loading the rubric sets…</p>
      ) : (
        <div className="judge-table">
          <DataTable<RubricSetGroup>
            caption={
              <>
                {groups.length} set{groups.length === 1 ? '' : 's'} shown{tier === 'all' ? '' : ` for the ${tier} tier`}. Pick a version to read its rubrics.
              </>
            }
            columns={[
              {
                head: 'Set',
                cell: (group) => (
                  <>
                    <span className="judge-browser__title">{group.title}</span>
                    <code className="judge-browser__name">{group.name}</code>
                  </>
                ),
              },
              { head: 'Tier', cell: (group) => TIER_WORDS[group.tier] },
              { head: 'Scale', className: 'judge-table__nowrap', cell: (group) => `${group.scale}-point` },
              { head: 'Author', cell: (group) => AUTHOR_WORDS[group.authoredBy] },
              {
                head: 'Versions',
                cell: (group) => (
                  <ul className="judge-versions">
                    {group.versions.map((version) => {
                      const current = selected?.name === version.name && selected.version === version.version && selected.scale === version.scale;
                      return (
                        <li key={version.version}>
                          <button
                            type="button"
                            className="judge-versions__pick"
                            aria-label={setLabel(version)}
                            aria-current={current ? 'true' : undefined}
                            onClick={() => void select({ name: version.name, version: version.version, scale: version.scale })}
                          >
                            {version.version}
                          </button>
                          <span className={version.builtin ? 'judge-badge judge-badge--builtin' : 'judge-badge'}>{version.builtin ? 'built-in' : 'authored'}</span>
                          <span className="judge-versions__usage">{usageWords(usageOf(usage, version))}</span>
                        </li>
                      );
                    })}
                  </ul>
                ),
              },
            ]}
            rows={groups}
            rowKey={(group) => `${group.name}:${group.scale}`}
          />
        </div>
      )}
    </div>
  );
}
