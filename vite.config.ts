import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import wasm from 'vite-plugin-wasm';

// The web app lives in web/; the server serves the build from dist/web on the same origin as the API.
export default defineConfig({
  root: 'web',
  plugins: [react(), wasm()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
  },
  worker: {
    format: 'es',
    plugins: () => [wasm()],
  },
  server: {
    proxy: { '/api': 'http://localhost:5000' },
  },
});
