import { describe, expect, it } from 'vitest';
import { couldNot, describeError, errorClause } from './describe-error.ts';
import { RpcCallError } from './rpc-call-error.ts';

describe('error text', () => {
  it('uses what a failed call or an error said, and the text of anything else thrown', () => {
    expect(describeError(new RpcCallError('conflict', 'No chapter "x": it was deleted in another window.'))).toBe('No chapter "x": it was deleted in another window.');
    expect(describeError(new RpcCallError('network', 'Lost the connection.'))).toBe('Lost the connection.');
    expect(describeError(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(describeError('refused')).toBe('refused');
    expect(describeError(undefined)).toBe('undefined');
  });

  it('drops one closing full stop so the words sit inside a sentence, and keeps the rest', () => {
    expect(errorClause(new Error('The database is locked.'))).toBe('The database is locked');
    expect(errorClause(new Error('Wait...'))).toBe('Wait..');
    expect(errorClause(new Error('Version 1.2 is newer'))).toBe('Version 1.2 is newer');
    expect(errorClause('gone.')).toBe('gone');
  });

  it('says what could not be done, why, and what to do next, with one full stop between', () => {
    expect(couldNot('list the tasks', new RpcCallError('internal', 'The database is locked.'), 'Reload the page to try again; nothing was changed.')).toBe(
      'Could not list the tasks: The database is locked. Reload the page to try again; nothing was changed.',
    );
    expect(couldNot('copy', new Error('Denied'), 'Use Download CSV instead.')).toBe('Could not copy: Denied. Use Download CSV instead.');
  });
});
