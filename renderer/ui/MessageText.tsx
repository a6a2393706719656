import { Fragment } from 'react';

/**
 * A message as the screen shows it: plain words, with each `…` span (a command the user types in
 * a terminal, such as `lhb harnesses install codex`, or a file name) shown as code. A message
 * with an unmatched backtick is shown as it is.
 */
export function MessageText({ text }: { text: string }) {
  const parts = text.split('`');
  if (parts.length % 2 === 0) return <>{text}</>;
  return (
    <>
      {parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : <Fragment key={i}>{part}</Fragment>))}
    </>
  );
}
