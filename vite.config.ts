import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://localhost:3000';

export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    port: 5173,
    // In development every request the page makes by script goes to the API server; page loads
    // (Accept: text/html) are answered by Vite itself.
    proxy: {
      '^/(?!@|src|node_modules|assets|main\\.tsx|favicon).*': {
        target: api,
        bypass: (req) =>
          (req.headers.accept ?? '').includes('text/html') ? '/index.html' : undefined,
      },
    },
  },
});
