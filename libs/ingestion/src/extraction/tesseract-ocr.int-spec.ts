import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const READER = join(ROOT, 'libs', 'ingestion', 'dist', 'extraction', 'tesseract-ocr.js');

/**
 * Runs the compiled reader in a plain Node process, as the service does: tesseract.js' worker thread does
 * not read images handed over from inside jest's VM sandbox.
 */
function ocr(images: readonly Uint8Array[]): Array<{ text?: string; error?: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'membolt-ocr-'));
  try {
    const files = images.map((image, i) => {
      const file = join(dir, `image-${i}.png`);
      writeFileSync(file, image);
      return file;
    });
    const script = `
      import { readFileSync } from 'node:fs';
      import { TesseractImageReader } from ${JSON.stringify(READER)};
      const reader = new TesseractImageReader();
      const out = [];
      for (const file of ${JSON.stringify(files)}) {
        try { out.push({ text: await reader.read(readFileSync(file)) }); }
        catch (error) { out.push({ error: error.message }); }
      }
      await reader.close();
      process.stdout.write(JSON.stringify(out));`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 120_000,
    });
    return JSON.parse(output) as Array<{ text?: string; error?: string }>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const CHROMIUM = '/usr/bin/chromium';

/** A PNG of rendered text: headless Chromium draws the words, its screenshot is the image. */
async function renderText(browser: Browser, lines: readonly string[]): Promise<Uint8Array> {
  const page = await browser.newPage({ viewport: { width: 900, height: 60 + lines.length * 48 } });
  try {
    await page.setContent(
      `<body style="margin:24px;background:#fff;color:#000;font:32px sans-serif">${lines
        .map((line) => `<div>${line}</div>`)
        .join('')}</body>`,
    );
    return await page.screenshot({ type: 'png' });
  } finally {
    await page.close();
  }
}

/** OCR with tesseract.js and the English model shipped by @tesseract.js-data/eng (nothing is downloaded). */
describe('TesseractImageReader', () => {
  let browser: Browser;

  beforeAll(async () => {
    execFileSync(process.execPath, ['tools/build-server.mjs', 'libs/ingestion'], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('reads the words of rendered PNGs on one worker, and fails a damaged image with a clear error', async () => {
    const [first, second, damaged] = ocr([
      await renderText(browser, ['The lighthouse keeper', 'feeds seven gulls']),
      await renderText(browser, ['Invoice number 4711']),
      (await renderText(browser, ['cut short'])).slice(0, 60),
    ]);
    expect(first?.text?.toLowerCase()).toContain('lighthouse keeper');
    expect(first?.text?.toLowerCase()).toContain('seven gulls');
    expect(second?.text).toContain('4711');
    expect(damaged?.error).toMatch(/^The image could not be read/);
  });
});
