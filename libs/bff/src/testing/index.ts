export * from './graphql-browser.js';
