import type { CSSProperties, Ref } from 'react';
import { agentFrameAttributes } from './agent-frame-attributes.ts';
import type { Side } from './vote-draft.ts';

interface AgentFrameProps {
  side: Side;
  src: string;
  className?: string;
  style?: CSSProperties;
  /** The frame element, for the slide-sync relay (use-slide-sync.ts), which only posts and hears slide turns. */
  frameRef?: Ref<HTMLIFrameElement>;
}

/** The one way agent content is framed in the arena: sandboxed to scripts only, no permissions. */
export function AgentFrame({ side, src, className, style, frameRef }: AgentFrameProps) {
  const attributes = agentFrameAttributes(side, src);
  return (
    <iframe
      ref={frameRef}
      src={attributes.src}
      sandbox={attributes.sandbox}
      referrerPolicy={attributes.referrerPolicy}
      allow={attributes.allow}
      title={attributes.title}
      // In the Tab order even when the page in it has nothing focusable (a deck turned by its arrow
      // keys only): the keyboard can reach its keys, and a focus ring shows on its stage (arena.css).
      tabIndex={0}
      className={className}
      style={style}
    />
  );
}
