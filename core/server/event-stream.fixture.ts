import { request } from 'node:http';
import { AppEventSchema, type AppEvent } from '../../schemas/jobs.ts';

export interface EventStream {
  /** Every event heard so far, in the order the server sent them. */
  events: AppEvent[];
  /** The first event heard (already, or from now on) that passes `test`. */
  waitFor<E extends AppEvent = AppEvent>(test: (event: AppEvent) => boolean): Promise<E>;
  close(): void;
}

/** Opens the server's `/events` with `token` and parses each `data:` event; resolves once the stream is subscribed. */
export function openEventStream(port: number, token: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const events: AppEvent[] = [];
    const waiters: { test: (event: AppEvent) => boolean; resolve: (event: AppEvent) => void }[] = [];
    const req = request({ host: '127.0.0.1', port, path: '/events', headers: { Authorization: `Bearer ${token}` }, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`/events answered ${res.statusCode}`));
      if (!/^text\/event-stream/.test(res.headers['content-type'] ?? '')) return reject(new Error(`/events answered ${res.headers['content-type']}`));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(': connected')) {
            resolve({
              events,
              waitFor: <E extends AppEvent>(test: (event: AppEvent) => boolean) => {
                const seen = events.find(test);
                return (seen ? Promise.resolve(seen) : new Promise<AppEvent>((r) => waiters.push({ test, resolve: r }))) as Promise<E>;
              },
              close: () => req.destroy(),
            });
          }
          for (const line of block.split('\n')) {
            if (!line.startsWith('data: ')) continue;
            const event = AppEventSchema.parse(JSON.parse(line.slice('data: '.length)));
            events.push(event);
            for (const waiter of [...waiters]) {
              if (!waiter.test(event)) continue;
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(event);
            }
          }
        }
      });
    });
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
    req.end();
  });
}
