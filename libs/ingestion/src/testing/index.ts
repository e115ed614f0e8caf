export * from './sample-files.js';
export * from './file-store.contract.js';
export * from './hostile-files.js';
