/**
 * A TCP relay in front of a service (PostgreSQL, Redis) that a test can break the way networks break:
 * cut (every connection through it ends, and nothing listens), silent (connections are accepted and
 * nothing ever comes back, as from a host that drops packets) and forwarding again, on the same port.
 */
import net from 'node:net';

export interface TcpRelay {
  /** The relay's port on 127.0.0.1. */
  port: number;
  /** Ends every connection through the relay and stops listening: new connections are refused. */
  cut(): Promise<void>;
  /** Ends every connection; new ones are accepted and never answered. */
  silence(): Promise<void>;
  /** Forwards new connections to the service again. */
  restore(): Promise<void>;
}

export async function tcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const sockets = new Set<net.Socket>();
  let mode: 'forward' | 'silent' = 'forward';
  let server: net.Server | null = null;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const endAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const next = net.createServer((client) => {
        track(client);
        if (mode === 'silent') return;
        const upstream = net.connect(target);
        track(upstream);
        client.pipe(upstream).pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        resolve((next.address() as net.AddressInfo).port);
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = null;
      if (!current) return resolve();
      current.close(() => resolve());
    });
  const port = await listen(0);
  return {
    port,
    async cut() {
      const closed = stopListening();
      endAll();
      await closed;
    },
    async silence() {
      mode = 'silent';
      endAll();
      if (!server) await listen(port);
    },
    async restore() {
      mode = 'forward';
      if (!server) await listen(port);
    },
  };
}
