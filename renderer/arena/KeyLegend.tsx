import { ARENA_KEY_LEGEND } from './arena-keys.ts';
import { useArenaStore } from './arena-store.ts';

/** The voting keys, on screen; ? (or the button) hides and shows them. */
export function KeyLegend() {
  const open = useArenaStore((s) => s.legendOpen);
  const toggle = useArenaStore((s) => s.toggleLegend);
  return (
    <section className="key-legend" aria-label="Keyboard keys">
      <button type="button" className="link-button" aria-expanded={open} aria-controls={open ? 'arena-key-list' : undefined} aria-keyshortcuts="Shift+?" onClick={toggle}>
        {open ? 'Hide keys' : 'Show keys'} <kbd aria-hidden="true">?</kbd>
      </button>
      {open && (
        <dl id="arena-key-list" className="key-legend__list">
          {ARENA_KEY_LEGEND.map((row) => (
            <div key={row.does} className="key-legend__row">
              <dt>
                {row.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' or '}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </dt>
              <dd>{row.does}</dd>
            </div>
          ))}
        </dl>
      )}
      {open && <p className="muted key-legend__note">In a focused rating, the arrow keys change it. Keys typed in the reason box stay there.</p>}
    </section>
  );
}
