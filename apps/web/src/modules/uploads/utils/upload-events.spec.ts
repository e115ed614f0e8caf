import { describe, expect, it } from '@jest/globals';
import type { UploadFieldsFragment } from '../../../gql/graphql';
import { followUntilFinished, followUpload, UploadEventsError } from './upload-events';

const sse = (events: ReadonlyArray<[string, unknown]>): string =>
  events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join('');

const answer = (status: number, body: string, type = 'text/event-stream') =>
  new Response(body, { status, headers: { 'content-type': type } });

const upload = (state: string, percent: number) =>
  ({ id: 'u1', fileName: 'a.txt', state, percent }) as unknown as UploadFieldsFragment;

const fetchOf = (answers: Array<() => Response>, urls: string[] = []) =>
  (async (url: string) => {
    urls.push(url);
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  }) as unknown as typeof fetch;

describe('followUpload', () => {
  it('reports each pushed state and resolves with the final one', async () => {
    const urls: string[] = [];
    const seen: string[] = [];
    const final = await followUpload('u 1', {
      fetchImpl: fetchOf(
        [
          () =>
            answer(
              200,
              `: keep-alive\n\n${sse([
                ['upload', upload('queued', 0)],
                ['upload', upload('embedding', 30)],
                ['upload', upload('done', 100)],
              ])}`,
            ),
        ],
        urls,
      ),
      refreshSession: async () => false,
      onChange: (u) => seen.push(`${u.state}:${u.percent}`),
    });
    expect(urls).toEqual(['/events/uploads/u%201']);
    expect(seen).toEqual(['queued:0', 'embedding:30', 'done:100']);
    expect(final.state).toBe('done');
  });

  it("renews the session once after a 401, and rejects with the server's message otherwise", async () => {
    let renewed = 0;
    const final = await followUpload('u1', {
      fetchImpl: fetchOf([
        () => answer(401, '{}', 'application/json'),
        () => answer(200, sse([['upload', upload('failed', 5)]])),
      ]),
      refreshSession: async () => {
        renewed++;
        return true;
      },
      onChange: () => undefined,
    });
    expect(renewed).toBe(1);
    expect(final.state).toBe('failed');

    const refused = followUpload('u1', {
      fetchImpl: fetchOf([
        () =>
          answer(
            404,
            JSON.stringify({ code: 'NOT_FOUND', message: 'Upload not found.' }),
            'application/json',
          ),
      ]),
      refreshSession: async () => false,
      onChange: () => undefined,
    });
    await expect(refused).rejects.toEqual(new UploadEventsError(404, 'Upload not found.'));
  });

  it('rejects when the stream ends early or carries an error event', async () => {
    const cut = followUpload('u1', {
      fetchImpl: fetchOf([() => answer(200, sse([['upload', upload('chunking', 25)]]))]),
      refreshSession: async () => false,
      onChange: () => undefined,
    });
    await expect(cut).rejects.toMatchObject({ status: 0 });
    const failing = followUpload('u1', {
      fetchImpl: fetchOf([() => answer(200, sse([['error', { code: 'INTERNAL', message: 'Broken.' }]]))]),
      refreshSession: async () => false,
      onChange: () => undefined,
    });
    await expect(failing).rejects.toEqual(new UploadEventsError(0, 'Broken.'));
  });
});

describe('followUntilFinished', () => {
  it('reads the state when the stream is cut, then follows again until done', async () => {
    const seen: string[] = [];
    let reads = 0;
    const final = await followUntilFinished('u1', {
      fetchImpl: fetchOf([
        () => answer(200, sse([['upload', upload('extracting', 5)]])),
        () => answer(502, 'Bad gateway', 'text/plain'),
        () => answer(200, sse([['upload', upload('done', 100)]])),
      ]),
      refreshSession: async () => false,
      retryMs: 1,
      read: async () => {
        reads++;
        return upload('embedding', 40);
      },
      onChange: (u) => seen.push(u.state),
    });
    expect(final?.state).toBe('done');
    expect(reads).toBe(2);
    expect(seen).toEqual(['extracting', 'embedding', 'embedding', 'done']);
  });

  it('answers null for an upload that is gone, and stops at a finished state it reads', async () => {
    const gone = await followUntilFinished('u1', {
      fetchImpl: fetchOf([
        () => answer(404, JSON.stringify({ message: 'Upload not found.' }), 'application/json'),
      ]),
      refreshSession: async () => false,
      retryMs: 1,
      read: async () => upload('done', 100),
      onChange: () => undefined,
    });
    expect(gone).toBeNull();
    const read = await followUntilFinished('u1', {
      fetchImpl: fetchOf([() => answer(503, '', 'text/plain')]),
      refreshSession: async () => false,
      retryMs: 1,
      read: async () => upload('failed', 30),
      onChange: () => undefined,
    });
    expect(read?.state).toBe('failed');
  });

  it('rejects a refusal other than not found (signed out)', async () => {
    const refused = followUntilFinished('u1', {
      fetchImpl: fetchOf([
        () => answer(401, JSON.stringify({ message: 'Please sign in to continue.' }), 'application/json'),
      ]),
      refreshSession: async () => false,
      retryMs: 1,
      read: async () => null,
      onChange: () => undefined,
    });
    await expect(refused).rejects.toEqual(new UploadEventsError(401, 'Please sign in to continue.'));
  });
});
