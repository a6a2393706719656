import type { ApiContext } from './api-context.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { RpcError } from './rpc-error.ts';

// PLACEHOLDER (being replaced in this change): one file per method under handlers/.
const pending = (method: string) => () => {
  throw new RpcError('internal', `${method} is not implemented yet.`);
};

export function registerAnnotateHandlers(registry: HandlerRegistry<ApiContext>): void {
  registry
    .add('courses.list', pending('courses.list'))
    .add('courses.create', pending('courses.create'))
    .add('courses.get', pending('courses.get'))
    .add('courses.update', pending('courses.update'))
    .add('courses.export', pending('courses.export'))
    .add('chapters.create', pending('chapters.create'))
    .add('chapters.update', pending('chapters.update'))
    .add('chapters.move', pending('chapters.move'))
    .add('chapters.delete', pending('chapters.delete'))
    .add('chapters.addCitation', pending('chapters.addCitation'))
    .add('chapters.removeCitation', pending('chapters.removeCitation'))
    .add('annotate.undo', pending('annotate.undo'))
    .add('annotate.redo', pending('annotate.redo'));
}
