import type { ApiContext } from './api-context.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { RpcError } from './rpc-error.ts';

// PLACEHOLDER (being replaced in this change): one file per method under handlers/.
const pending = (method: string) => () => {
  throw new RpcError('internal', `${method} is not implemented yet.`);
};

export function registerSourceHandlers(registry: HandlerRegistry<ApiContext>): void {
  registry
    .add('sources.importFiles', pending('sources.importFiles'))
    .add('sources.importPaths', pending('sources.importPaths'))
    .add('sources.list', pending('sources.list'))
    .add('sources.get', pending('sources.get'))
    .add('sources.lines', pending('sources.lines'))
    .add('sources.find', pending('sources.find'));
}
