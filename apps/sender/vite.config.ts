import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  base: './',
  plugins: [react()],
  build: { outDir: 'dist', manifest: true, sourcemap: false, chunkSizeWarningLimit: 400 },
  server: { proxy: { '/api': api, '/oauth': api, '/healthz': api } },
  test: {
    name: 'sender',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
  },
});
