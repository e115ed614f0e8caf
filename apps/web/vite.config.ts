import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type * as SharedRules from '@membolt/contracts/rules';
import { defineConfig, type Plugin, runnerImport } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
// The one entry of contracts the browser may load (lint allows no other): bundled from source, so the web
// build does not depend on the server build having run first.
const contractsRules = fileURLToPath(new URL('../../libs/contracts/src/rules/index.ts', import.meta.url));
const apiTarget = 'http://127.0.0.1:3000';

// Vite loads this file with plain Node, which cannot run the TypeScript source: read the name through Vite's
// own module runner instead of a Node import (which would need the server build's dist/ first).
const { module: rules } = await runnerImport<typeof SharedRules>(contractsRules, {
  configFile: false,
});
const { PRODUCT_NAME } = rules;

/** Puts the product name of the shared rules into index.html, so a rebrand touches one constant. */
function productName(): Plugin {
  return {
    name: 'membolt:product-name',
    transformIndexHtml: { order: 'pre', handler: (html) => html.replaceAll('%PRODUCT_NAME%', PRODUCT_NAME) },
  };
}

export default defineConfig({
  root,
  base: '/',
  publicDir: 'public',
  resolve: { alias: [{ find: /^@membolt\/contracts\/rules$/, replacement: contractsRules }] },
  plugins: [react(), productName()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Vendor code changes less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 3,
            },
            {
              name: 'vendor-mui',
              test: /[\\/]node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group)[\\/]/,
              priority: 2,
            },
            {
              name: 'vendor-graphql',
              test: /[\\/]node_modules[\\/](@apollo|graphql|@wry|optimism|rxjs|tslib)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/graphql': { target: apiTarget, changeOrigin: false },
      '/api': { target: apiTarget, changeOrigin: false },
      '/auth': { target: apiTarget, changeOrigin: false },
      '/chat/stream': { target: apiTarget, changeOrigin: false },
      '/events': { target: apiTarget, changeOrigin: false },
      '/downloads': { target: apiTarget, changeOrigin: false },
    },
  },
});
