import http from 'node:http';

/** What a client is told to wait while the server starts, in seconds. */
const STARTING_RETRY_SECONDS = 5;

/**
 * Runs `work` (migrations, building the app) with the port already open, answering every request
 * 503 `starting` (issue 34 item 3): `/readyz` says "not ready" instead of refusing the connection,
 * so a load balancer or an orchestrator sees a process that is starting, not one that is gone. The
 * port is closed again once `work` ends, for the app to listen on it. `port` 0: any free port.
 */
export async function whileStarting<T>(
  listen: { port: number; host: string },
  work: () => Promise<T>,
): Promise<T> {
  const server = http.createServer((_request, response) => {
    response.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': String(STARTING_RETRY_SECONDS),
      'cache-control': 'no-store',
      connection: 'close',
    });
    response.end(JSON.stringify({ errors: { global: ['starting'] } }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen, () => resolve());
  });
  try {
    return await work();
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}
