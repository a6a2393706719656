import { useEffect, useMemo, useRef, useState } from 'react';
import { pagesOfLines } from '../../schemas/chapter-plan.ts';
import { useAnnotatorStore } from './annotator-store.ts';
import { ChapterItem, chapterTitleId, type ChapterActions } from './ChapterItem.tsx';
import { GlobalNotes } from './GlobalNotes.tsx';
import { OtherPlans } from './OtherPlans.tsx';
import { PlanApprovalNote } from './PlanApprovalNote.tsx';
import { PlanExportMenu } from './PlanExportMenu.tsx';
import { TeamPlansDialog } from './TeamPlansDialog.tsx';

const focusChapter = (chapterId: string) => requestAnimationFrame(() => document.getElementById(chapterTitleId(chapterId))?.focus());

/** The chapter plan: ordered chapters with their citations, and the data room's global notes. */
export function ChaptersPanel() {
  const chapters = useAnnotatorStore((s) => s.dataRoom?.chapters);
  const sources = useAnnotatorStore((s) => s.dataRoom?.sources);
  const activeChapterId = useAnnotatorStore((s) => s.activeChapterId);
  const pending = useAnnotatorStore((s) => s.pendingCitation);
  const versionPages = useAnnotatorStore((s) => s.versionPages);
  // An SME's invite link works on their plan only: the room's exports and team plans are its owner's.
  const invited = useAnnotatorStore((s) => s.invite !== undefined);
  useEffect(() => {
    if (chapters) void useAnnotatorStore.getState().loadVersionPages(chapters.flatMap((c) => c.citations));
  }, [chapters]);
  const dragged = useRef<string | undefined>(undefined);
  // "Deleted … Undo": shown after a delete while the plan stays as the delete left it (10 s at most).
  // "As it left it" is by content: the room is read again after every change, the delete's own included.
  const [deleted, setDeleted] = useState<{ title: string; plan: string } | undefined>(undefined);
  const planNow = useAnnotatorStore((s) => planSignature(s.dataRoom));
  useEffect(() => {
    if (!deleted) return;
    const timer = window.setTimeout(() => setDeleted(undefined), 10_000);
    return () => window.clearTimeout(timer);
  }, [deleted]);
  const [teamPlansOpen, setTeamPlansOpen] = useState(false);
  const teamPlansButton = useRef<HTMLButtonElement>(null);
  const sourceTitles = useMemo(() => new Map((sources ?? []).map((s) => [s.id, s.title])), [sources]);

  const actions = useMemo<ChapterActions>(() => {
    const store = useAnnotatorStore.getState();
    return {
      openCitationPage: (citation) => void store.openCitationPage(citation),
      pagesOf: (citation) => {
        const spans = versionPages.get(citation.versionId);
        return spans === undefined ? undefined : pagesOfLines(spans, citation.startLine, citation.endLine);
      },
      activate: store.setActiveChapter,
      rename: (id, title) => void store.renameChapter(id, title),
      move: (id, toIndex) => void store.moveChapter(id, toIndex).then(() => focusChapter(id)),
      remove: (id) => {
        const title = useAnnotatorStore.getState().dataRoom?.chapters.find((c) => c.id === id)?.title ?? 'the chapter';
        void store.deleteChapter(id).then(() => {
          const { dataRoom } = useAnnotatorStore.getState();
          if (dataRoom && !dataRoom.chapters.some((c) => c.id === id)) setDeleted({ title, plan: planSignature(dataRoom) });
        });
      },
      openCitation: (citation) => void store.openCitation(citation),
      removeCitation: (id) => void store.removeCitation(id),
      dragStart: (id) => (dragged.current = id),
      dropAt: (toIndex) => {
        const id = dragged.current;
        dragged.current = undefined;
        if (id) void store.moveChapter(id, toIndex);
      },
    };
  }, [versionPages]);

  const addChapter = async () => {
    const id = await useAnnotatorStore.getState().addChapter();
    if (id) focusChapter(id);
  };

  return (
    <section className="panel panel--chapters" aria-labelledby="chapters-title">
      <header className="panel__header">
        <h2 id="chapters-title">Chapters</h2>
        <button type="button" onClick={() => void addChapter()}>
          Add chapter
        </button>
        {!invited && (
          <>
            <PlanExportMenu />
            <button ref={teamPlansButton} type="button" onClick={() => setTeamPlansOpen(true)}>
              Team plans…
            </button>
          </>
        )}
      </header>
      {!invited && <PlanApprovalNote />}
      {teamPlansOpen && (
        <TeamPlansDialog
          onClose={() => {
            setTeamPlansOpen(false);
            teamPlansButton.current?.focus();
          }}
        />
      )}
      <div className="chapters-scroll">
        {chapters && chapters.length > 0 ? (
          <ol className="chapter-list" aria-label="Chapter plan">
            {chapters.map((chapter, index) => (
              <ChapterItem
                key={chapter.id}
                chapter={chapter}
                index={index}
                count={chapters.length}
                active={chapter.id === activeChapterId}
                dragging={dragged.current === chapter.id}
                sourceTitles={sourceTitles}
                pending={pending}
                actions={actions}
              />
            ))}
          </ol>
        ) : (
          <p className="panel__empty muted">No chapters yet. Add one, or select lines and press C: the first citation starts “Chapter 1”.</p>
        )}
        {deleted && deleted.plan === planNow && (
          <div className="toast" role="status">
            <span>Deleted “{deleted.title}”.</span>
            <button type="button" onClick={() => void useAnnotatorStore.getState().undo()}>
              Undo
            </button>
          </div>
        )}
        <GlobalNotes />
        <OtherPlans sourceTitles={sourceTitles} />
      </div>
    </section>
  );
}

/** What "the plan as a delete left it" is: its chapters in order, and the step Undo would take back. */
function planSignature(dataRoom: { chapters: readonly { id: string }[]; undoLabel?: string | null } | undefined): string {
  return dataRoom ? JSON.stringify([dataRoom.chapters.map((c) => c.id), dataRoom.undoLabel ?? null]) : '';
}
