export * from './sample-files.js';
