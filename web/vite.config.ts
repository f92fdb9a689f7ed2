import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/learning-portal/',
  plugins: [react(), tailwindcss()],
  build: {
    // Served by wrangler's assets from dist/client, so the files sit under the base path.
    outDir: fileURLToPath(new URL('../dist/client/learning-portal', import.meta.url)),
    emptyOutDir: true,
    // scripts/build.ts reads it to size the landing page's initial load, then removes it.
    manifest: true,
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8787', ws: true } },
  },
});
