import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const api = 'http://127.0.0.1:3000';

// Served by the one server under /driver/ (apps/server/src/web-apps.ts).
export default defineConfig({
  base: '/driver/',
  plugins: [react()],
  build: { outDir: 'dist', manifest: true, sourcemap: false },
  server: { proxy: { '/api': api, '/oauth': api, '/healthz': api } },
  test: {
    name: 'driver',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
  },
});
