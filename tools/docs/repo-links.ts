import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';

/**
 * Finds references to files the repository does not contain: markdown links in `.md` files, and paths under
 * the repository's top folders (`docs/...`, `libs/...`, `apps/...`, `tools/...`, `deploy/...`) written in
 * markdown text or in code comments. A clone must be readable on its own, so every such path must exist.
 */

/** Top folders whose paths are checked when a comment or a page names them. */
const TOP_FOLDERS = ['docs', 'libs', 'apps', 'tools', 'deploy'];
/** Folders never read: dependencies, build output, generated code and version control. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'generated', 'coverage', '.nx']);
const TEXT_EXTENSIONS = new Set(['.md', '.ts', '.tsx', '.mjs', '.cjs', '.js', '.sh', '.yml', '.yaml']);
/** Paths that name something outside the repository the clone cannot have. */
const OUTSIDE = [/\.\.\/shared\//, /\bDECISIONS\.md\b/, /\bSTACK\.md\b/];

export interface BrokenReference {
  file: string;
  line: number;
  reference: string;
}

function listTextFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(join(dir, entry.name));
      } else if (TEXT_EXTENSIONS.has(extname(entry.name)) || entry.name === 'run') {
        files.push(join(dir, entry.name));
      }
    }
  };
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (SKIPPED_DIRS.has(name)) continue;
    if (statSync(path).isDirectory()) {
      if (TOP_FOLDERS.includes(name) || name === '.ci') walk(path);
    } else if (TEXT_EXTENSIONS.has(extname(name))) {
      files.push(path);
    }
  }
  return files;
}

/** A path as written, without the punctuation of the sentence around it and any `#anchor` or `:line`. */
function cleanPath(raw: string): string {
  return raw
    .replace(/#.*$/, '')
    .replace(/:\d+(?::\d+)?$/, '')
    .replace(/[.,;:)'"`]+$/, '');
}

/** MCP method names look like paths under `tools/` but name no file. */
const NOT_PATHS = /^tools\/(list|call)$/;

/**
 * Placeholders and patterns name a shape, not a file: `libs/<svc>/src`, `libs/*`, `apps/${name}`, a test
 * path prefix such as `apps/standalone/e2e/web-`, and build output under `dist/`.
 */
function isPattern(path: string): boolean {
  return /[<>*{}$[\]|]/.test(path) || /\/dist(\/|$)/.test(path) || path.endsWith('-') || NOT_PATHS.test(path);
}

const LINK = /\[[^\]]*\]\(([^)\s]+)\)/g;
const REPO_PATH = new RegExp(`(?<![\\w./@-])(?:${TOP_FOLDERS.join('|')})/[\\w./<>*{}$\\[\\]|-]+`, 'g');
const COMMENT = /^\s*(?:\/\/|\/\*|\*|#)|\s\/\/\s|\/\*\*?\s/;

export function findBrokenReferences(root: string): BrokenReference[] {
  const broken: BrokenReference[] = [];
  for (const file of listTextFiles(root)) {
    const isMarkdown = file.endsWith('.md');
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, index) => {
      const report = (reference: string): void => {
        broken.push({ file: relative(root, file), line: index + 1, reference });
      };
      for (const pattern of OUTSIDE) {
        const match = pattern.exec(text);
        if (match) report(match[0]);
      }
      const linked = new Set<string>();
      if (isMarkdown) {
        for (const [, target] of text.matchAll(LINK)) {
          if (/^([a-z]+:|#)/i.test(target)) continue;
          const path = cleanPath(target);
          linked.add(path);
          if (path && !isPattern(path) && !existsSync(resolve(dirname(file), path))) report(target);
        }
      }
      if (!isMarkdown && !COMMENT.test(text)) return;
      for (const [raw] of text.matchAll(REPO_PATH)) {
        const path = cleanPath(raw);
        if (isPattern(path) || !path.includes('/') || linked.has(path)) continue;
        if (!existsSync(join(root, path))) report(path);
      }
    });
  }
  return broken;
}

const WORK_HISTORY = /\b(?:issues?|stop) #?\d+/i;
/** A comment line that ends where such a reference starts: its number may open the next line. */
const WORK_HISTORY_AT_END = /\b(?:issues?|stop) *#?$/i;
const COMMENT_START = /^\s*(?:\/\/|\/\*\*?|\*|#)\s*/;

/**
 * Code comments that name the issue or the work step that asked for the code. A comment says why the code is
 * as it is; which ticket asked for it is the history's business (git log, the decision records).
 */
export function findWorkHistoryReferences(root: string): BrokenReference[] {
  const found: BrokenReference[] = [];
  for (const file of listTextFiles(root)) {
    if (file.endsWith('.md')) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, index) => {
      if (!COMMENT.test(text)) return;
      // A reference the comment wraps onto its next line ("... (issue" then "// 31; ...") counts too.
      const next = lines[index + 1] ?? '';
      const wraps = WORK_HISTORY_AT_END.test(text) && COMMENT.test(next);
      const match = WORK_HISTORY.exec(wraps ? `${text} ${next.replace(COMMENT_START, '')}` : text);
      if (match) found.push({ file: relative(root, file), line: index + 1, reference: match[0] });
    });
  }
  return found;
}
