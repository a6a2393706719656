import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Every socket the server accepted and has not yet seen close. Node's closeAllConnections only
 * reaches connections that still have an HTTP parser; a socket between responses of a long-lived
 * stream, or one whose parser was already freed, can outlive it and hold server.close() open.
 */
export function trackSockets(server: Server): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return sockets;
}

/** Stops listening and ends every open connection (event streams included); resolves once closed. */
export function closeServer(server: Server, sockets: Set<Socket>): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
    for (const socket of sockets) socket.destroy();
  });
}
