import type { LoggerService } from '@nestjs/common';
import { pino, type Logger, type LevelWithSilent } from 'pino';
import { requestContext } from '../context/request-context.js';

export type AppLogger = Logger;

/** Structured JSON logs; every line carries the correlation id of the request it belongs to. */
export function createLogger(options: { app: string; level: LevelWithSilent }): AppLogger {
  return pino({
    level: options.level,
    base: { app: options.app },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const context = requestContext.current();
      return context
        ? { correlationId: context.correlationId, ...(context.userId ? { userId: context.userId } : {}) }
        : {};
    },
  });
}

/** Routes Nest's own logging into the same pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: AppLogger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}

export const APP_LOGGER = Symbol('APP_LOGGER');
