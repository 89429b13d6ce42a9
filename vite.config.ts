import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

const apiPort = process.env.API_PORT ?? "5000";

export default defineConfig({
  root: "src/client",
  plugins: [
    react(),
    tailwindcss(),
    // A .br (brotli at its highest quality) and a .gz copy beside each text file worth compressing:
    // built once here, so the server sends them as they are (app.ts, preCompressed) and never spends a
    // request's time on them. Below 1 KB the saving does not pay for the extra header and file.
    compression({
      include: /\.(js|mjs|css|svg|html|json|txt)$/,
      threshold: 1024,
      algorithms: ["brotliCompress", "gzip"],
      logLevel: "silent",
    }),
  ],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    // The initial JavaScript budget (docs/performance.md) is read from this report; keep it on.
    reportCompressedSize: true,
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: `http://localhost:${apiPort}` } },
  },
});
