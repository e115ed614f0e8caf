import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { PRODUCT_NAME } from './src/app/brand.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = 'http://127.0.0.1:3000';

/** Puts the product name from brand.ts into index.html, so a rebrand touches one constant. */
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
    },
  },
});
