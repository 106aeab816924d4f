import { fork, type ChildProcess } from 'node:child_process';

/**
 * Starts a TypeScript script as a child process and waits for its first message (its address,
 * ids…). Rejects if it exits first.
 */
export function start(
  script: string,
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; info: Record<string, unknown> }> {
  const child = fork(script, [], {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.once('message', (info) => resolve({ child, info: info as Record<string, unknown> }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** The child's resident memory, asked over IPC (bench/serve.ts answers 'rss'). */
export function childRss(child: ChildProcess): Promise<number> {
  return new Promise<number>((resolve) => {
    child.once('message', (m) => resolve((m as { rss: number }).rss));
    child.send('rss');
  });
}
