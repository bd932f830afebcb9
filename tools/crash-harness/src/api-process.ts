import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

/** apps/api, where the server must be started (SWC finds the decorator settings there). */
export const API_DIR = resolve(__dirname, '../../../apps/api');

export interface ApiProcess {
  /** Base URL, e.g. http://127.0.0.1:40123 (GraphQL at `${url}/graphql`). */
  readonly url: string;
  /** Milliseconds from spawn to "GraphQL on ..." in the server's log. */
  readonly startMs: number;
  readonly child: ChildProcess;
  /** Sends `signal` and resolves once the process has exited. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

export interface ApiOptions {
  readonly dataDir: string;
  /** Fixed, so session tokens stay valid across restarts. */
  readonly authSecret: string;
  readonly startTimeoutMs?: number;
}

const READY = /GraphQL on (http:\/\/\S+)\/graphql/;

/** Starts the real API (`node -r @swc-node/register src/main.ts`) on an SQLite data directory, on a free port. */
export function startApi(options: ApiOptions): Promise<ApiProcess> {
  const started = performance.now();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    AUTH_SECRET: options.authSecret,
    AUTH_BCRYPT_ROUNDS: '4',
    NO_COLOR: '1',
  };
  delete env['EVENTSTORE_URL'];
  delete env['EVENTS_DB_PATH'];
  delete env['READ_MODELS_DB_PATH'];
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], { cwd: API_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };

  return new Promise<ApiProcess>((resolveStart, rejectStart) => {
    let log = '';
    const timer = setTimeout(() => {
      void stop('SIGKILL');
      rejectStart(new Error(`the API did not start within ${options.startTimeoutMs ?? 30_000} ms:\n${log.slice(-4000)}`));
    }, options.startTimeoutMs ?? 30_000);
    const onOutput = (chunk: Buffer): void => {
      log += chunk.toString('utf8');
      const ready = READY.exec(log);
      if (!ready?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off('data', onOutput);
      child.stdout?.resume();
      resolveStart({ url: ready[1], startMs: Math.round(performance.now() - started), child, stop });
    };
    child.stdout?.on('data', onOutput);
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      rejectStart(new Error(`the API exited (${signal ?? code}) before it was ready:\n${log.slice(-4000)}`));
    });
  });
}
