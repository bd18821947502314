import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import packageJson from './package.json' with { type: 'json' };
import { DRIVER_HTML, driverApp } from './vite/driver-app';

// The gateway serves the built app (web/dist) with a history fallback; `npm run dev -w @fleet/web`
// serves it from source and forwards /api to a running gateway. Two entries: the back-office
// (index.html) and the driver app (driver.html, served at /driver).
export default defineConfig({
  plugins: [react(), driverApp()],
  define: {
    __FLEET_WEB_VERSION__: JSON.stringify(packageJson.version),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      input: { main: 'index.html', driver: DRIVER_HTML },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.GATEWAY_URL ?? 'http://localhost:3000', changeOrigin: false } },
  },
});
