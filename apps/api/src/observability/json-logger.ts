import type { LoggerService, LogLevel } from '@nestjs/common';

/** Keys whose values never reach a log line, at any depth of a logged object. */
const SECRET_KEY = /pass(word)?|secret|token|authorization|cookie|credential|seed|api[-_]?key/i;
const REDACTED = '[redacted]';
const LEVEL_NAMES: Record<LogLevel, string> = { log: 'info', error: 'error', warn: 'warn', debug: 'debug', verbose: 'trace', fatal: 'fatal' };

/**
 * Nest's logger as JSON lines (LOG_FORMAT=json, the default in production): one object per line with
 * `time`, `level`, `context` and `msg`, plus the fields of an object message (request lines). Values of
 * keys that name secrets are replaced, whatever the caller passed.
 */
export class JsonLogger implements LoggerService {
  constructor(
    private levels: readonly LogLevel[] = ['log', 'warn', 'error', 'fatal'],
    private readonly write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  ) {}

  log(message: unknown, ...params: unknown[]): void {
    this.emit('log', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.emit('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.emit('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.emit('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.emit('verbose', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.emit('fatal', message, params);
  }

  setLogLevels(levels: LogLevel[]): void {
    this.levels = levels;
  }

  private emit(level: LogLevel, message: unknown, params: unknown[]): void {
    if (!this.levels.includes(level)) return;
    // Nest passes the context last, and for errors the stack before it.
    const rest = [...params];
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const stack = level === 'error' || level === 'fatal' ? rest.find((param): param is string => typeof param === 'string') : undefined;
    const line: Record<string, unknown> = { time: new Date().toISOString(), level: LEVEL_NAMES[level] };
    if (context !== undefined) line['context'] = context;
    if (message instanceof Error) {
      line['msg'] = message.message;
      line['stack'] = message.stack;
    } else if (typeof message === 'object' && message !== null) {
      Object.assign(line, redact(message));
    } else {
      line['msg'] = String(message);
    }
    if (stack !== undefined) line['stack'] = stack;
    this.write(JSON.stringify(line));
  }
}

export function redact(value: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (SECRET_KEY.test(key)) out[key] = REDACTED;
    else if (typeof field === 'object' && field !== null && !Array.isArray(field)) out[key] = redact(field);
    else out[key] = field;
  }
  return out;
}
