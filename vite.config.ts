import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiPort = process.env.API_PORT ?? "5000";

export default defineConfig({
  root: "src/client",
  plugins: [react(), tailwindcss()],
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
