import { create } from 'zustand';
import type { RpcClient } from '../../schemas/rpc.ts';

/**
 * The client the owner's app talks to its server with, once main.tsx has chosen one (the app
 * store's connect puts it here). It is held apart from the app store because the shell renders
 * the screens: a screen reads its client here and imports nothing of the shell, so the arrows
 * between renderer/app and the screens point one way (eslint.config.js keeps them so).
 */
const connectedClient = create<{ client?: RpcClient }>()(() => ({}));

/** The connected client in a component, which renders again once one is connected. */
export const useConnectedClient = (): RpcClient | undefined => connectedClient((state) => state.client);

/** The connected client outside React, or undefined before one is connected. */
export const currentClient = (): RpcClient | undefined => connectedClient.getState().client;

export function holdConnectedClient(client: RpcClient): void {
  connectedClient.setState({ client });
}
