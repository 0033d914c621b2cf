import type { Server } from 'node:http';

/**
 * Starts `server` listening on `port` (0: any free one) at `host`, and answers the port it bound.
 * A failure to bind (EADDRINUSE, EACCES) rejects instead of surfacing as an unhandled 'error'.
 */
export async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}
