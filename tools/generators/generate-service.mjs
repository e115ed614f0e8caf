#!/usr/bin/env node
// `npm run generate:service -- <name> [--stateless | --no-sample] [--entity <name>] [--dry-run]`
//
// Writes a new domain service on the service skeleton (docs/service-anatomy.md): libs/<name>, apps/<name>,
// its bus contracts, and the wiring that makes it a service of the product (contracts' service lists, the
// standalone composition root, the lint scope, the workspace link, docker-compose and the k8s manifest).
// Templates live in tools/generators/service/files/; see that folder's README for the tokens and markers.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATES = join(dirname(fileURLToPath(import.meta.url)), 'service', 'files');

/** Names that already mean something in the workspace, or would collide with a generated file's role. */
const RESERVED = new Set([
  'web',
  'standalone',
  'gateway',
  'bff',
  'contracts',
  'platform',
  'bus',
  'edge',
  'runtime',
  'tools',
  'common',
  'system',
  'shared',
  'testing',
  'test',
  'app',
  'apps',
  'libs',
  'store',
  'module',
  'service',
  'services',
  'health',
  'user-data',
]);
const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const MAX_NAME_LENGTH = 30;

export class GeneratorUsageError extends Error {}

const pascal = (kebab) => kebab.replace(/(^|-)([a-z0-9])/g, (_, __, c) => c.toUpperCase());
const camel = (kebab) => {
  const p = pascal(kebab);
  return p[0].toLowerCase() + p.slice(1);
};
const snake = (kebab) => kebab.replace(/-/g, '_');
const upperSnake = (kebab) => snake(kebab).toUpperCase();

function plural(kebab) {
  if (/(s|x|z|ch|sh)$/.test(kebab)) return `${kebab}es`;
  if (/[^aeiou]y$/.test(kebab)) return `${kebab.slice(0, -1)}ies`;
  return `${kebab}s`;
}

function validateName(kind, name) {
  if (!name) throw new GeneratorUsageError(`Give the ${kind} name: npm run generate:service -- <name>`);
  if (!KEBAB.test(name)) {
    throw new GeneratorUsageError(
      `Invalid ${kind} name "${name}": use kebab-case (lower-case letters, digits, single hyphens; starting with a letter), e.g. "notes" or "web-search".`,
    );
  }
  if (name.length > MAX_NAME_LENGTH) {
    throw new GeneratorUsageError(`Invalid ${kind} name "${name}": at most ${MAX_NAME_LENGTH} characters.`);
  }
  if (RESERVED.has(name))
    throw new GeneratorUsageError(`"${name}" is reserved in this workspace; choose another name.`);
}

export function parseArguments(argv) {
  const options = {
    name: undefined,
    stateless: false,
    sample: true,
    entity: 'item',
    dryRun: false,
    link: true,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--stateless') options.stateless = true;
    else if (arg === '--no-sample') options.sample = false;
    else if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--no-link') options.link = false;
    else if (arg === '--entity') options.entity = argv[++i];
    else if (arg.startsWith('--entity=')) options.entity = arg.slice('--entity='.length);
    else if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg.startsWith('-')) throw new GeneratorUsageError(`Unknown option ${arg}. See --help.`);
    else if (options.name === undefined) options.name = arg;
    else throw new GeneratorUsageError(`One service at a time: unexpected "${arg}".`);
  }
  if (options.help) return options;
  validateName('service', options.name);
  validateName('entity', options.entity);
  // A stateless service has no store, so nothing for a sample repository to live in.
  if (options.stateless) options.sample = false;
  return options;
}

export const USAGE = `Usage: npm run generate:service -- <name> [options]

Writes libs/<name> and apps/<name> on the service skeleton and wires the service into the product.

  <name>            kebab-case service name (e.g. notes, web-search)
  --stateless       no store (and no user data to delete), like chat
  --no-sample       a store with its migrations list but no sample repository yet
  --entity <name>   the sample entity's kebab-case name (default: item)
  --dry-run         list what would be written and changed, write nothing
  --no-link         do not link the new packages into node_modules/@membolt (tests)
`;

function tokensOf({ name, entity }) {
  const entities = plural(entity);
  return {
    __svc__: name,
    __Svc__: pascal(name),
    __svcCamel__: camel(name),
    __svc_snake__: snake(name),
    __SVC__: upperSnake(name),
    __entity__: entity,
    __Entity__: pascal(entity),
    __entityCamel__: camel(entity),
    __entity_snake__: snake(entity),
    __ENTITY__: upperSnake(entity),
    __entities__: entities,
    __Entities__: pascal(entities),
    __entitiesCamel__: camel(entities),
    __entities_snake__: snake(entities),
    __ENTITIES__: upperSnake(entities),
    __EntityWords__: entity[0].toUpperCase() + entity.slice(1).replace(/-/g, ' '),
    __entityWords__: entity.replace(/-/g, ' '),
    __entitiesWords__: entities.replace(/-/g, ' '),
    __table__: `${snake(name)}_${snake(entities)}`,
  };
}

function substitute(text, tokens, file) {
  return text.replace(/__[A-Za-z][A-Za-z_]*?__/g, (token) => {
    if (!(token in tokens)) throw new Error(`${file}: unknown token ${token}`);
    return tokens[token];
  });
}

/**
 * Keeps or drops `#if <flag>` / `#if !<flag>` … `#endif` blocks (marker lines may start with `//` or `#`,
 * and are removed). Flags: store, stateless, sample.
 */
export function applyConditions(text, flags, file = 'template') {
  const out = [];
  const stack = [];
  for (const line of text.split('\n')) {
    const open = /^\s*(?:\/\/\s*)?#if\s+(!?)(\w+)\s*$/.exec(line);
    if (open) {
      if (!(open[2] in flags)) throw new Error(`${file}: unknown flag "${open[2]}"`);
      stack.push(Boolean(flags[open[2]]) !== (open[1] === '!'));
      continue;
    }
    if (/^\s*(?:\/\/\s*)?#endif\s*$/.test(line)) {
      if (stack.length === 0) throw new Error(`${file}: #endif without #if`);
      stack.pop();
      continue;
    }
    if (stack.every(Boolean)) out.push(line);
  }
  if (stack.length) throw new Error(`${file}: #if without #endif`);
  return out.join('\n');
}

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.name.endsWith('.tmpl')) yield path;
  }
}

/**
 * Template groups: each folder under files/ maps to a place in the workspace and is used when its flag is on.
 * (group folder, destination under the workspace root, needs)
 */
const GROUPS = [
  ['lib', 'libs/__svc__', () => true],
  ['lib-store', 'libs/__svc__', (o) => !o.stateless],
  ['lib-sample', 'libs/__svc__', (o) => o.sample],
  ['contracts-sample', 'libs/contracts/src/__svc__', (o) => o.sample],
  ['app', 'apps/__svc__', () => true],
  // Wiring, not the service itself: written when absent, kept when the service is regenerated.
  ['deploy', 'deploy/k8s', () => true, { keepExisting: true }],
];

/** Every file the generator writes, as { path (relative to root), content }. */
export function renderFiles(options) {
  const tokens = tokensOf(options);
  const flags = { store: !options.stateless, stateless: options.stateless, sample: options.sample };
  const files = [];
  for (const [group, destination, wanted, { keepExisting = false } = {}] of GROUPS) {
    if (!wanted(options)) continue;
    const groupDir = join(TEMPLATES, group);
    for (const template of walk(groupDir)) {
      const relativePath = relative(groupDir, template).replace(/\.tmpl$/, '');
      const content = applyConditions(readFileSync(template, 'utf8'), flags, relative(TEMPLATES, template));
      files.push({
        path: substitute(join(destination, relativePath), tokens, template),
        content: substitute(content, tokens, template),
        keepExisting,
      });
    }
  }
  return files;
}

/** Appends `'<value>'` to the string-array literal that follows `anchor` (e.g. `SERVICE_NAMES = [`). */
function appendToArrayLiteral(source, anchor, value, file) {
  const start = source.indexOf(anchor);
  if (start < 0) throw new Error(`${file}: cannot find "${anchor}" to add "${value}" to`);
  const open = start + anchor.length - 1;
  const close = source.indexOf(']', open);
  const items = source.slice(open + 1, close);
  if (new RegExp(`['"]${value}['"]`).test(items)) return source;
  const trimmed = items.replace(/[\s,]+$/, '');
  const trailing = items.slice(trimmed.length);
  return `${source.slice(0, open + 1)}${trimmed}, '${value}'${trailing}${source.slice(close)}`;
}

/** Edits of existing files: each one returns the new text, or the same text when the edit is already there. */
export function plannedEdits(options) {
  const { name } = options;
  const t = tokensOf(options);
  const edits = [
    {
      path: 'libs/contracts/src/system/services.ts',
      edit: (source, file) => appendToArrayLiteral(source, 'SERVICE_NAMES = [', name, file),
    },
    {
      path: 'eslint.config.mjs',
      edit: (source, file) => appendToArrayLiteral(source, 'const scopes = [', name, file),
    },
    {
      path: 'apps/standalone/src/service-modules.ts',
      edit: (source, file) => {
        if (source.includes(`from '@membolt/${name}';`)) return source;
        const imported = options.stateless
          ? `${t.__Svc__}Module`
          : `${t.__Svc__}Module, to${t.__Svc__}ModuleOptions`;
        const call = options.stateless
          ? `${t.__Svc__}Module.forRoot()`
          : `${t.__Svc__}Module.forRoot(to${t.__Svc__}ModuleOptions(config))`;
        const imports = [...source.matchAll(/^import .* from '@membolt\/[^']+';$/gm)];
        if (!imports.length) throw new Error(`${file}: no @membolt import to add the module's import after`);
        const last = imports[imports.length - 1];
        const afterImports = last.index + last[0].length;
        let next = `${source.slice(0, afterImports)}\nimport { ${imported} } from '@membolt/${name}';${source.slice(afterImports)}`;
        const list = /(export function localServiceModules\([\s\S]*?return \[[\s\S]*?)(\n\s*\];)/.exec(next);
        if (!list) throw new Error(`${file}: cannot find the module list of localServiceModules`);
        next = next.replace(list[0], `${list[1]}\n    ${call},${list[2]}`);
        return next;
      },
    },
    {
      path: 'deploy/k8s/kustomization.yaml',
      edit: (source, file) => {
        if (source.includes(`  - ${name}.yaml\n`)) return source;
        const match = /(resources:\n(?: {2}- .*\n)*)/.exec(source);
        if (!match) throw new Error(`${file}: cannot find the resources list`);
        return source.replace(match[1], `${match[1]}  - ${name}.yaml\n`);
      },
    },
    {
      path: 'docker-compose.yml',
      edit: (source, file) => {
        if (new RegExp(`^ {2}${name}:$`, 'm').test(source)) return source;
        const anchor = source.search(/^ {2}gateway:$/m);
        if (anchor < 0) throw new Error(`${file}: cannot find the gateway service to add ${name} before`);
        const block = options.stateless
          ? `  ${name}:\n    <<: *service\n    build: { <<: *build, args: { APP: ${name} } }\n    environment:\n      <<: *env\n\n`
          : `  ${name}:\n    <<: *service\n    build: { <<: *build, args: { APP: ${name} } }\n    environment:\n      <<: *env\n      MONGO_URL: mongodb://mongodb:27017\n    depends_on: *data-depends\n\n`;
        return `${source.slice(0, anchor)}${block}${source.slice(anchor)}`;
      },
    },
  ];
  if (!options.stateless) {
    edits.push({
      path: 'deploy/README.md',
      edit: (source, file) => {
        if (source.includes(`| \`${name}\``)) return source;
        const anchor = source.search(/^\| `gateway` /m);
        if (anchor < 0) throw new Error(`${file}: cannot find the gateway row of the processes table`);
        const row = `| \`${name}\` | NATS service, owns data | 9464 | NATS, MongoDB |\n`;
        const withRow = `${source.slice(0, anchor)}${row}${source.slice(anchor)}`;
        // The environment table names the apps that read MONGO_URL: a data service does.
        return withRow.replace(/^(\| `MONGO_URL` +\| )([^|]*?)( *\|)/m, `$1$2, ${name}$3`);
      },
    });
    edits.push({
      path: 'libs/contracts/src/system/user-data.ts',
      edit: (source, file) => appendToArrayLiteral(source, 'USER_DATA_SERVICES = [', name, file),
    });
  }
  if (options.sample) {
    edits.push({
      path: 'libs/contracts/src/index.ts',
      edit: (source) => {
        const lines = [
          `export * from './${name}/${name}.requests.js';`,
          `export * from './${name}/${options.entity}.view.js';`,
          `export * from './${name}/${name}.subjects.js';`,
        ].filter((line) => !source.includes(line));
        return lines.length ? `${source.replace(/\n*$/, '\n')}${lines.join('\n')}\n` : source;
      },
    });
  }
  return edits;
}

/** The workspace packages npm would link (node_modules/@membolt/<name> -> libs/<name>), plus their lock entries. */
function linkWorkspacePackages(root, name) {
  const packages = [
    { dir: `libs/${name}`, pkg: `@membolt/${name}` },
    { dir: `apps/${name}`, pkg: `@membolt/${name}-app` },
  ];
  const scope = join(root, 'node_modules', '@membolt');
  mkdirSync(scope, { recursive: true });
  for (const { dir, pkg } of packages) {
    const link = join(root, 'node_modules', pkg);
    if (!existsSync(link)) symlinkSync(relative(dirname(link), join(root, dir)), link);
  }
  const lockPath = join(root, 'package-lock.json');
  if (!existsSync(lockPath)) return;
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
  for (const { dir, pkg } of packages) {
    lock.packages[dir] ??= { name: pkg, version: '0.1.0' };
    lock.packages[`node_modules/${pkg}`] ??= { resolved: dir, link: true };
  }
  // npm keeps the lock's package entries in key order.
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) =>
      a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'),
    ),
  );
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
}

/**
 * Generates the service into `root`. Refuses (writing nothing) when any file it would write exists.
 * Returns the paths written and edited.
 */
export function generateService(root, options, log = () => undefined) {
  const files = renderFiles(options).filter((f) => !(f.keepExisting && existsSync(join(root, f.path))));
  const owned = [`libs/${options.name}`, `apps/${options.name}`, `libs/contracts/src/${options.name}`];
  const ownedExisting = owned.filter((path) => existsSync(join(root, path)));
  const existing = ownedExisting.length
    ? ownedExisting
    : files.map((f) => f.path).filter((path) => existsSync(join(root, path)));
  if (existing.length) {
    throw new GeneratorUsageError(
      `Service "${options.name}" already exists (${existing.slice(0, 3).join(', ')}${existing.length > 3 ? ', …' : ''}); nothing was written.`,
    );
  }
  const edits = plannedEdits(options).map(({ path, edit }) => {
    const before = readFileSync(join(root, path), 'utf8');
    return { path, before, after: edit(before, path) };
  });
  const edited = edits.filter((e) => e.after !== e.before).map((e) => e.path);
  if (options.dryRun) {
    for (const file of files) log(`would write ${file.path}`);
    for (const path of edited) log(`would edit  ${path}`);
    return { written: files.map((f) => f.path), edited };
  }
  const lockPath = join(root, 'package-lock.json');
  const lockBefore = existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : undefined;
  const newLinks = [options.name, `${options.name}-app`]
    .map((pkg) => join(root, 'node_modules', '@membolt', pkg))
    .filter((link) => !existsSync(link));
  const written = [];
  try {
    for (const file of files) {
      const target = join(root, file.path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, file.content.endsWith('\n') ? file.content : `${file.content}\n`);
      written.push(file.path);
    }
    for (const { path, after, before } of edits) if (after !== before) writeFileSync(join(root, path), after);
    if (options.link) linkWorkspacePackages(root, options.name);
    const formatted = [...written, ...edited].filter((path) => /\.(ts|mjs|json|md)$/.test(path));
    const prettier = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules', 'prettier', 'bin', 'prettier.cjs'),
        '--write',
        '--log-level',
        'warn',
        ...formatted,
      ],
      { cwd: root, stdio: 'inherit' },
    );
    if (prettier.status !== 0)
      throw new Error('prettier could not format the generated files (a broken template?)');
  } catch (error) {
    // Leave no half service behind: the service's own folders did not exist, the edited files get their text back.
    for (const path of [...owned, ...written]) rmSync(join(root, path), { recursive: true, force: true });
    for (const { path, before } of edits) writeFileSync(join(root, path), before);
    if (options.link) {
      for (const link of newLinks) rmSync(link, { force: true });
      if (lockBefore !== undefined) writeFileSync(lockPath, lockBefore);
    }
    throw error;
  }
  for (const path of written) log(`wrote  ${path}`);
  for (const path of edited) log(`edited ${path}`);
  return { written, edited };
}

const NEXT_STEPS = (o, edited) => `
Next:
  npm run build:server && npm run typecheck && npx eslint libs/${o.name} apps/${o.name}
  NODE_OPTIONS=--experimental-vm-modules npx jest libs/${o.name}
${!edited.includes('libs/contracts/src/system/user-data.ts') ? '' : `  Add '${o.name}' to identity's stand-in services (libs/identity/src/testing/stub-services.ts) and to the\n  account-deletion receipt expected in apps/standalone/e2e/bff-session.e2e-spec.ts.\n`}  Document the service in a docs/ page linked from README.md and its variables in docs/configuration.md; docs/service-anatomy.md explains each file.`;

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  try {
    const options = parseArguments(process.argv.slice(2));
    if (options.help) {
      process.stdout.write(USAGE);
    } else {
      const { edited } = generateService(root, options, (line) => console.log(line));
      if (!options.dryRun) console.log(NEXT_STEPS(options, edited));
    }
  } catch (error) {
    if (!(error instanceof GeneratorUsageError)) throw error;
    console.error(`generate:service: ${error.message}`);
    process.exitCode = 2;
  }
}
