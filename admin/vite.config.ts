import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig(({ mode }) => {
  // Only the dev proxy target is configurable; the built app always talks to its own origin.
  const env = loadEnv(mode, import.meta.dirname, 'ADMIN_');
  const apiTarget = env.ADMIN_API_URL ?? 'http://127.0.0.1:4420';
  return {
    base: '/admin/',
    plugins: [react(), tailwindcss()],
    build: { outDir: 'dist', emptyOutDir: true, target: 'es2023' },
    server: {
      port: 4421,
      strictPort: true,
      proxy: {
        '/api': {
          target: apiTarget,
          changeOrigin: true,
          // The API rejects writes whose Origin is foreign; in dev the page origin is Vite's, so present the API's own.
          configure: (proxy) => {
            proxy.on('proxyReq', (req) => {
              if (req.getHeader('origin')) req.setHeader('origin', apiTarget);
            });
          },
        },
      },
    },
  };
});
