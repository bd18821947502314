import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The gateway serves the built app (web/dist) with a history fallback; `npm run dev -w @fleet/web`
// serves it from source and forwards /api to a running gateway.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.GATEWAY_URL ?? 'http://localhost:3000', changeOrigin: false } },
  },
});
