import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

// Fastify gives every request its own child logger (request.log, with the request's id). Pino
// makes a child eagerly (its bindings serialized, its level methods set up): some 2 % of a cached
// read (docs/performance.md "The hook chain"), though at the usual level (warn) a request that
// goes well logs nothing. Here the child is made when the request first logs at a level that is
// on, and the lines are the same as before.

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArguments = Parameters<FastifyBaseLogger['info']>;
/** Pino's logger, as Fastify makes it from the `logger` option. */
type Pino = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

class RequestLog {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: Pino,
    private readonly bindings: Record<string, unknown>,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }

  private write(level: Level, args: LogArguments) {
    if (this.made || this.parent.isLevelEnabled(level)) this.real[level](...args);
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  fatal(...args: LogArguments) {
    this.write('fatal', args);
  }
  error(...args: LogArguments) {
    this.write('error', args);
  }
  warn(...args: LogArguments) {
    this.write('warn', args);
  }
  info(...args: LogArguments) {
    this.write('info', args);
  }
  debug(...args: LogArguments) {
    this.write('debug', args);
  }
  trace(...args: LogArguments) {
    this.write('trace', args);
  }
  silent() {}

  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.real.child(...args);
  }
}

/**
 * Fastify's `childLoggerFactory`: the request's logger, made on first use. A route with a log
 * level or serializers of its own gets pino's child at once, as before.
 */
export const requestLog: NonNullable<FastifyServerOptions['childLoggerFactory']> = function (
  logger,
  bindings,
  options,
) {
  const pino = logger as Pino;
  if (options.level || options.serializers || typeof pino.isLevelEnabled !== 'function') {
    return logger.child(bindings, options);
  }
  return new RequestLog(pino, bindings);
};

// Fastify's request ids ("req-" and a number in base 36, as its own default makes them), from one
// sequence shared with the answers written in front of Fastify (front-lane.ts), which log their
// requests under ids of the same sequence.
const MAX_ID = 2147483647;
let lastId = 0;
export function requestId(): string {
  lastId = (lastId + 1) & MAX_ID;
  return `req-${lastId.toString(36)}`;
}
