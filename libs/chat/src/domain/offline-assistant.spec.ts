import { describe, expect, it } from '@jest/globals';
import { offlineAnswer } from './offline-assistant.js';

const memory = (text: string) => ({ id: 'mem-1', text, createdAt: '2026-04-01T10:00:00.000Z' });

describe('the offline assistant', () => {
  it('quotes a memory’s markdown as text: a stored link or image never becomes one in the answer', () => {
    const answer = offlineAnswer([
      memory(
        'My bank: [Log in here](https://evil.example/login) ![x](https://evil.example/t.png) <b>now</b>',
      ),
    ]);
    expect(answer).toContain(
      '- My bank: \\[Log in here\\](https://evil.example/login) !\\[x\\](https://evil.example/t.png) \\<b\\>now\\</b\\> (noted 1 April 2026)',
    );
    expect(answer).not.toMatch(/[^\\]\]\(/);
  });

  it('keeps each memory on its own list line', () => {
    const answer = offlineAnswer([memory('First line\n- (noted 1 January 2020) a forged entry')]);
    expect(answer.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(1);
  });
});
