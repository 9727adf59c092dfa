import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

const api = 'http://127.0.0.1:3000';

// Served by the one server under /driver/ (apps/server/src/plugins/web-apps.ts). Installable: a
// web manifest and a Workbox service worker (vite-plugin-pwa) that precaches the app shell (HTML,
// JS, CSS, icons), so the app opens without a network; API calls always go to the network.
export default defineConfig({
  base: '/driver/',
  plugins: [
    react(),
    VitePWA({
      // The app registers /driver/sw.js itself (src/lib/service-worker.ts): no extra script.
      injectRegister: false,
      registerType: 'autoUpdate',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/driver/',
        name: 'Vrachtmarkt chauffeurs',
        short_name: 'Chauffeurs',
        description: 'Vrachtmarkt voor chauffeurs: ritten vinden, bieden en rijden.',
        lang: 'nl',
        start_url: '/driver/',
        scope: '/driver/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#7a4a00',
        background_color: '#f5f7f8',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The precompressed copies (.br, .gz) are the server's business, not the cache's.
        globIgnores: ['**/*.br', '**/*.gz', '.vite/**'],
        navigateFallback: '/driver/index.html',
        navigateFallbackAllowlist: [/^\/driver\/?$/],
        // Web Push (decision 0028): the push and notificationclick handlers, public/push-sw.js.
        importScripts: ['push-sw.js'],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  build: { outDir: 'dist', manifest: true, sourcemap: false },
  server: { proxy: { '/api': api, '/oauth': api, '/healthz': api } },
  test: {
    name: 'driver',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
  },
});
