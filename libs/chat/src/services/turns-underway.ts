import { Injectable } from '@nestjs/common';

/**
 * Longest the learning from an answered exchange gives way to turns still waiting for their first token:
 * past it, it runs anyway, so a process that is never without such a turn still learns.
 */
export const LEARNING_GIVES_WAY_MS = 2_000;

/**
 * The chat turns of this process between their request and their first token (retrieval, prompt, the
 * provider's request): the wait a user sees before the answer starts. Background work of the chat service
 * (the learning from an exchange already answered: the rules, the memory writes that the memory service then
 * links and encodes) waits while there are any, up to a bound, instead of taking a core from them.
 */
@Injectable()
export class TurnsUnderway {
  private underway = 0;
  private waiting: (() => void)[] = [];

  /** Counts a turn as waiting for its first token; answers the function that stops counting it (once). */
  begin(): () => void {
    this.underway++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.underway--;
      if (this.underway > 0) return;
      const waiting = this.waiting;
      this.waiting = [];
      for (const resume of waiting) resume();
    };
  }

  /** How many turns wait for their first token now. */
  get count(): number {
    return this.underway;
  }

  /** Resolves when no turn waits for its first token, or after `maxWaitMs`. */
  quiet(maxWaitMs: number = LEARNING_GIVES_WAY_MS): Promise<void> {
    if (this.underway === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const resume = () => {
        clearTimeout(timer);
        this.waiting = this.waiting.filter((other) => other !== resume);
        resolve();
      };
      const timer = setTimeout(resume, maxWaitMs);
      timer.unref();
      this.waiting.push(resume);
    });
  }
}
