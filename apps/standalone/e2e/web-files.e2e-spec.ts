import { describe, expect, it, jest } from '@jest/globals';
import { UploadMessages } from '@membolt/contracts/rules';
import { sampleExecutable } from '@membolt/ingestion/testing';
import { pollUntil } from './support/browser.js';
import { useWebAppInBrowser } from './support/web-app.js';

jest.setTimeout(150_000);

/** The Memories screen's Files tab in headless Chromium: upload, follow, find by search, delete. */
describe('web app: files', () => {
  const web = useWebAppInBrowser({ forbidForeignRequests: true });

  it('shows the failure text for a file refused by its content', async () => {
    const { page } = await web.signedIn('/memories');
    await page.getByRole('tab', { name: 'Files' }).click();
    await page.getByTestId('files-upload-input').setInputFiles({
      name: 'setup.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(sampleExecutable()),
    });
    const error = page.getByTestId('files-upload-error');
    await error.waitFor();
    await expect(error.textContent()).resolves.toMatch(/^Failed to upload file: setup\.pdf\. .*elf/i);
    await page.getByTestId('files-empty').waitFor();
  });

  it('uploads a file, shows it done with its summary, finds its content by memory search, and deletes it', async () => {
    const { page } = await web.signedIn('/memories');
    await page.getByRole('tab', { name: 'Files' }).click();
    await page.getByTestId('files-empty').waitFor();
    await expect(page.getByTestId('files-empty').textContent()).resolves.toContain(UploadMessages.emptyTitle);

    await page.getByTestId('files-upload-input').setInputFiles({
      name: 'garden.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(
        '# Garden notes\n\nThe quince tree by the shed gives fruit in October.\n\nThe zucchini bed needs water daily.\n',
      ),
    });
    const row = page.getByTestId('upload-row').filter({ hasText: 'garden.md' });
    await pollUntil(
      () => row.getByTestId('upload-state').textContent(),
      (state) => state === 'Done',
      { what: 'the upload to be done', timeoutMs: 60_000 },
    );
    await expect(row.getByTestId('upload-summary').textContent()).resolves.toContain('quince');
    await expect(row.textContent()).resolves.toContain('MD');
    // One chunk is "1 chunk", never "1 chunks".
    await expect(row.textContent()).resolves.toMatch(/ · 1 chunk · /);

    // Its text is now memories: the search of the All Memories tab finds it.
    await page.getByRole('tab', { name: 'All Memories' }).click();
    await page.getByRole('searchbox').or(page.getByLabel('Search memories')).first().fill('quince');
    await page.getByRole('button', { name: 'Search' }).click();
    await pollUntil(
      () => page.getByTestId('memory-text').allTextContents(),
      (texts) => texts.some((t) => t.includes('quince tree')),
      { what: 'the file chunk among the search results', timeoutMs: 15_000 },
    );

    await page.getByRole('tab', { name: 'Files' }).click();
    await page.getByRole('button', { name: 'Delete garden.md' }).click();
    await expect(page.getByRole('dialog').textContent()).resolves.toContain(
      UploadMessages.deleteConfirmation,
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('files-empty').waitFor();
  });
});
