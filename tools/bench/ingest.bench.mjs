// npm run bench:ingest — uploads through the built standalone app's REST gateway, in both job-queue modes
// (the embedded SQLite queue, then BullMQ on Redis: REDIS_URL, default redis://127.0.0.1:6379), each on a
// temporary DATA_DIR. Prints, per mode:
// - PDF pages per second (a PDF of INGEST_BENCH_PAGES text pages written with pdf-lib, upload to done);
// - DOCX pages per second (the same text as a DOCX written with docx; a page is 3,000 characters);
// - end-to-end seconds of a 10 MB PDF (INGEST_BENCH_PAGES text pages plus an incompressible image that
//   brings the file to 10 MB: transfer, type check, extraction, chunking, memories, summary);
// and once: OCR seconds per image (a rendered PNG read by tesseract.js with the registry's English model).
// Needs `npm run build:server` (the npm script does it) and /usr/bin/chromium for the OCR image.
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { chromium } from 'playwright-core';
import {
  createUserWithKey,
  freePort,
  ROOT,
  startStandalone,
  stopProcess,
} from './support/standalone-process.mjs';

const PAGES = Number(process.env.INGEST_BENCH_PAGES ?? 100);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BIG_BYTES = 10 * 1024 * 1024 - 64 * 1024;
if (!Number.isInteger(PAGES) || PAGES < 1 || PAGES > 5000) {
  console.error('INGEST_BENCH_PAGES must be an integer from 1 to 5000');
  process.exit(64);
}

const WORDS =
  'orchard harbour ledger quince valley ferry lantern archive meadow copper signal garden river'.split(' ');
/** Deterministic sentences: page p, line l. */
const line = (p, l) =>
  `Page ${p} line ${l}: the ${WORDS[(p * 7 + l) % WORDS.length]} report notes ${WORDS[(p + l * 3) % WORDS.length]} figures for week ${(p * 31 + l) % 52}.`;
const pageLines = (p) => Array.from({ length: 40 }, (_, l) => line(p, l));

async function pdfOf(pages, paddingBytes = 0) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([612, 792]);
    pageLines(p).forEach((text, i) => page.drawText(text, { x: 36, y: 750 - i * 18, size: 9, font }));
  }
  if (paddingBytes > 0) {
    // An image of random bytes does not compress: it brings the file to the size asked for.
    const side = Math.ceil(Math.sqrt(paddingBytes / 3));
    const png = await noisePng(side);
    const image = await doc.embedPng(png);
    doc.addPage([612, 792]).drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  }
  return doc.save();
}

/** An uncompressible PNG (random RGB), encoded by hand: zlib stored blocks via deflateSync level 0. */
async function noisePng(side) {
  const { deflateSync, crc32 } = await import('node:zlib');
  const raw = Buffer.alloc(side * (side * 3 + 1));
  for (let y = 0; y < side; y++) randomBytes(side * 3).copy(raw, y * (side * 3 + 1) + 1);
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function docxOf(pages) {
  const children = [];
  for (let p = 1; p <= pages; p++) {
    children.push(new Paragraph({ text: `Section ${p}`, heading: HeadingLevel.HEADING_1 }));
    for (const text of pageLines(p)) children.push(new Paragraph({ text }));
  }
  return new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children }] })));
}

async function upload(base, apiKey, fileName, bytes) {
  const started = performance.now();
  const response = await fetch(`${base}/api/upload_base64`, {
    method: 'POST',
    headers: { 'X-API-Key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      fileName,
      fileSize: bytes.length,
      fileData: Buffer.from(bytes).toString('base64'),
    }),
  });
  let body = await response.json();
  if (response.status === 202) {
    // Over GATEWAY_UPLOAD_WAIT_MS: follow the status URL to the end.
    for (;;) {
      const state = await (
        await fetch(`${base}${body.status_url}`, { headers: { 'X-API-Key': apiKey } })
      ).json();
      if (state.state === 'done') {
        body = { ...state, chunks: state.chunks };
        break;
      }
      if (state.state === 'failed') throw new Error(`${fileName} failed: ${state.error}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } else if (response.status !== 200) {
    throw new Error(`${fileName}: ${response.status} ${JSON.stringify(body)}`);
  }
  return { seconds: (performance.now() - started) / 1000, chunks: body.chunks };
}

async function runMode(mode, files) {
  const dataDir = mkdtempSync(join(tmpdir(), `membolt-ingest-bench-${mode}-`));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    METRICS_PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    GATEWAY_RATE_LIMIT_PER_MINUTE: '100000',
    GATEWAY_RATE_LIMIT_PER_USER_PER_MINUTE: '100000',
    GATEWAY_UPLOAD_WAIT_MS: '600000',
    BUS_TIMEOUT_MS: '60000',
    ...(mode === 'bullmq'
      ? { REDIS_URL, JOBS_REDIS_PREFIX: `membolt-ingest-bench-${randomBytes(4).toString('hex')}` }
      : {}),
  };
  if (mode !== 'bullmq') delete env.REDIS_URL;
  const { apiKey } = await createUserWithKey(env, {
    email: `bench-${Date.now()}@bench.local`,
    name: 'Bench',
  });
  const { server, base } = await startStandalone(env, 120_000);
  try {
    const pdf = await upload(base, apiKey, 'bench.pdf', files.pdf);
    const docx = await upload(base, apiKey, 'bench.docx', files.docx);
    const big = await upload(base, apiKey, 'big.pdf', files.big);
    return {
      mode,
      pdfPagesPerSecond: +(PAGES / pdf.seconds).toFixed(1),
      docxPagesPerSecond: +(files.docxPages / docx.seconds).toFixed(1),
      bigPdfSeconds: +big.seconds.toFixed(2),
      chunks: { pdf: pdf.chunks, docx: docx.chunks, big: big.chunks },
    };
  } finally {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function ocrSecondsPerImage(images) {
  const { TesseractImageReader } = await import(
    pathToFileURL(join(ROOT, 'libs/ingestion/dist/extraction/tesseract-ocr.js')).href
  );
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  const pngs = [];
  try {
    for (let i = 0; i < images; i++) {
      const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
      await page.setContent(
        `<body style="margin:32px;font:22px sans-serif;background:#fff;color:#000">${pageLines(i + 1)
          .slice(0, 20)
          .map((text) => `<div>${text}</div>`)
          .join('')}</body>`,
      );
      pngs.push(await page.screenshot({ type: 'png' }));
      await page.close();
    }
  } finally {
    await browser.close();
  }
  const reader = new TesseractImageReader();
  try {
    await reader.read(pngs[0]); // the worker and model load once
    const started = performance.now();
    for (const png of pngs) await reader.read(png);
    return +((performance.now() - started) / 1000 / pngs.length).toFixed(2);
  } finally {
    await reader.close();
  }
}

const pdf = await pdfOf(PAGES);
const docx = await docxOf(PAGES);
const docxPages = Math.max(1, Math.round((PAGES * pageLines(1).join(' ').length) / 3000));
const big = await pdfOf(PAGES, BIG_BYTES - pdf.length);
console.log(
  `files: PDF ${PAGES} pages ${(pdf.length / 1024).toFixed(0)} KB, DOCX ~${docxPages} pages ${(docx.length / 1024).toFixed(0)} KB, big PDF ${(big.length / 1024 / 1024).toFixed(2)} MB`,
);
const results = [];
for (const mode of ['embedded', 'bullmq']) results.push(await runMode(mode, { pdf, docx, big, docxPages }));
const ocr = await ocrSecondsPerImage(5);
console.log(JSON.stringify({ pages: PAGES, results, ocrSecondsPerImage: ocr }, null, 2));
