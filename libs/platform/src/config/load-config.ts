import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment against an app's schema. Every problem is reported at once, each naming its
 * variable, so a bad deployment fails at boot with a message an operator can act on.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const variable = issue.path.join('.') || '(environment)';
        const value = issue.path.length === 1 ? env[String(issue.path[0])] : undefined;
        return value === undefined
          ? `${variable}: ${issue.message}`
          : `${variable}: ${issue.message} (got "${value}")`;
      }),
    );
  }
  return result.data;
}

/** Runs `build` and exits the process with the config problems printed when it throws a ConfigError. */
export function loadConfigOrExit<T>(build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
