import { studyCost } from '../costs/study-cost.ts';
import { listPrices, setWorkspacePrice, unsetWorkspacePrice } from '../costs/workspace-prices.ts';
import type { ApiContext } from './api-context.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { fullId } from './handlers/full-id.ts';

/** Tokens and cost (core/costs): the price table with this workspace's own prices, and what a study's runs and judges cost. */
export function registerCostHandlers(registry: HandlerRegistry<ApiContext>): void {
  registry
    .add('prices.list', (_input, ctx) => listPrices(ctx.workspace.db))
    .add('prices.set', (input, ctx) => setWorkspacePrice(ctx.workspace.db, input, new Date()))
    .add('prices.unset', (input, ctx) => unsetWorkspacePrice(ctx.workspace.db, input.model))
    .add('runs.cost', (input, ctx) => studyCost(ctx.workspace, input.studyId === undefined ? null : fullId(ctx, ['studies'], input.studyId)));
}
