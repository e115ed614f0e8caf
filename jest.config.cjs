// One jest run, three tiers. Tests import from @jest/globals and run as ESM
// (NODE_OPTIONS=--experimental-vm-modules, set by the npm scripts).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: false,
        react: { runtime: 'automatic' },
      },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];

const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper: {
    '^@membolt/([a-z-]+)/testing$': '<rootDir>/libs/$1/src/testing/index.ts',
    '^@membolt/contracts/rules$': '<rootDir>/libs/contracts/src/rules/index.ts',
    '^@membolt/platform/workers$': '<rootDir>/libs/platform/src/workers/cpu-worker-thread.ts',
    '^@membolt/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  modulePathIgnorePatterns: ['<rootDir>/apps/[^/]+/dist/', '<rootDir>/libs/[^/]+/dist/'],
};

module.exports = {
  // Global only (jest ignores it per project): integration and browser tests start real servers and a
  // browser, which can take seconds on a loaded 2-core machine. No test relies on this to assert timing.
  testTimeout: 60000,
  // Test files run in a worker process that is replaced once it holds more than this after a file. Without
  // it, jest on a 2-core machine (one worker) runs every file inside its own process, where each file's ESM
  // module graph (NestJS, SDKs, the web app) accumulates until the heap runs out (CI died so at 3.6 GB).
  workerIdleMemoryLimit: '1GB',
  // One worker a core: jest's default leaves one core idle, and on a 2-core machine that is half of it while
  // the e2e files wait on their own server processes. Measured on the merged tree: the whole run in 23 min at
  // load average 8-30 with two workers, against 28.5 min in CI with one.
  maxWorkers: '100%',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,tools}/**/*.spec.ts'] },
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/{apps,libs,tools}/**/*.int-spec.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/{apps,libs,tools}/**/*.e2e-spec.ts'] },
  ],
};
