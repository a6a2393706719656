import { useArenaStore } from './arena-store.ts';

/** Who the votes go to, always on screen: "Voting as Ada · Change". */
export function AnnotatorBar() {
  const annotatorId = useArenaStore((s) => s.annotatorId);
  const name = useArenaStore((s) => s.annotators.find((a) => a.id === s.annotatorId)?.name);
  const choosing = useArenaStore((s) => s.choosingAnnotator);
  const { changeAnnotator, showTab } = useArenaStore.getState();

  if (!annotatorId || !name) {
    return <p className="annotator-bar muted">Not voting yet: choose who you are on the Vote tab.</p>;
  }
  return (
    <p className="annotator-bar">
      Voting as <strong>{name}</strong>
      <span aria-hidden="true"> · </span>
      <button
        type="button"
        className="link-button"
        disabled={choosing}
        aria-label={`Change annotator (now ${name})`}
        onClick={() => {
          showTab('vote');
          changeAnnotator();
        }}
      >
        Change
      </button>
    </p>
  );
}
