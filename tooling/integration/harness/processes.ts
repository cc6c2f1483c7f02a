// Child processes on free loopback ports, stopped by PID and always cleaned up: every child is
// registered, and a child the suite did not stop is killed when the jest worker exits.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { get } from 'node:http';
import { createServer } from 'node:net';

export interface Child {
  name: string;
  process: ChildProcess;
  /** Everything it wrote, stdout and stderr interleaved. */
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<Child>();
process.once('exit', () => {
  for (const child of running) if (child.process.pid) process.kill(child.process.pid, 'SIGKILL');
});

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function startChild(name: string, command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Child {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(chunk.toString());
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => {
      output.push(`[spawn failed] ${error.message}\n`);
      resolve({ code: -1, signal: null });
    });
  });
  const entry: Child = { name, process: child, output, exited };
  running.add(entry);
  void exited.then(() => running.delete(entry));
  return entry;
}

export function hasExited(child: Child): boolean {
  return child.process.exitCode !== null || child.process.signalCode !== null;
}

/** SIGTERM by PID, SIGKILL after `graceMs`; resolves with how it ended. */
export async function stopChild(child: Child, graceMs = 10_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (!hasExited(child) && child.process.pid) {
    process.kill(child.process.pid, 'SIGTERM');
    const timer = setTimeout(() => child.process.pid && !hasExited(child) && process.kill(child.process.pid, 'SIGKILL'), graceMs);
    const ended = await child.exited;
    clearTimeout(timer);
    return ended;
  }
  return child.exited;
}

/** Polls `url` every `intervalMs` until it answers 2xx; fails with the child's output when it exits or time runs out. */
export async function waitForHttp(url: string, child: Child, timeoutMs = 90_000, intervalMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(child)) throw new Error(`${child.name} exited before answering ${url}:\n${child.output.join('')}`);
    if ((await probe(url)) === 200) return;
    await sleep(intervalMs);
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs} ms:\n${child.output.join('')}`);
}

/**
 * One GET on a connection of its own, closed after the answer (as curl or a health checker does):
 * the status, or 0 when nothing answered. No idle keep-alive connection is left behind for a
 * stopping gateway to wait on.
 */
export function probe(url: string, timeoutMs = 2000): Promise<number> {
  return new Promise((resolve) => {
    const req = get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('timeout', () => req.destroy());
    req.once('error', () => resolve(0));
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
