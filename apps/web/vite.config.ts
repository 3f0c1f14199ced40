import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = { target: 'http://localhost:8080', changeOrigin: true, ws: true };

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  server: { port: 5173, proxy: { '/api': api } },
  preview: { port: 4173, proxy: { '/api': api } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Each route is its own chunk (see app/lazy-page.ts); libraries go to a few stable vendor
    // chunks so that a release of the console does not make browsers download antd again.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            { name: 'vendor-icons', test: /node_modules[\\/]@ant-design[\\/]icons/, priority: 25 },
            {
              name: 'vendor-antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/,
              priority: 20,
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
