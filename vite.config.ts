import { join } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";

const apiPort = process.env.API_PORT ?? "5000";

/**
 * The folder of the server's entry into the app (src/client/entry-server.tsx) inside the client's: the
 * server loads `ssr/entry-server.js` from there (src/server/paths.ts, SERVER_ENTRY).
 */
const SERVER_ENTRY_DIR = "ssr";

/**
 * `vite build` builds two things (`builder` below): the client, and the server's entry into it. The
 * entry is written inside the client's folder, wherever that is (`--outDir`: scripts/build-client.ts
 * builds into a fresh folder each time), so a build's server entry always draws pages that the same
 * build's scripts hydrate. The server never serves that folder (app.ts).
 */
function serverEntryBesideClient(): Plugin {
  return {
    name: "server-entry-beside-client",
    config(config) {
      const clientOutDir = config.build?.outDir ?? "../../dist/client";
      return { environments: { ssr: { build: { outDir: join(clientOutDir, SERVER_ENTRY_DIR) } } } };
    },
  };
}

export default defineConfig({
  root: "src/client",
  plugins: [
    react(),
    tailwindcss(),
    serverEntryBesideClient(),
    // A .br (brotli at its highest quality) and a .gz copy beside each text file worth compressing:
    // built once here, so the server sends them as they are (app.ts, preCompressed) and never spends a
    // request's time on them. Below 1 KB the saving does not pay for the extra header and file.
    // The server's entry (its own file names, below) and the build's manifest are read from disk by the
    // server, never sent.
    compression({
      include: /\.(js|mjs|css|svg|html|json|txt)$/,
      exclude: /^(entry-server\.js|server-chunks\/|\.vite\/)/,
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
  environments: {
    client: {
      // .vite/manifest.json: which chunks a page needs, so the server names them in a page it draws
      // (modulepreload) and the browser fetches them beside the entry script, not after it.
      build: { manifest: true },
    },
    ssr: {
      build: {
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: {
          input: "src/client/entry-server.tsx",
          output: { entryFileNames: "[name].js", chunkFileNames: "server-chunks/[name]-[hash].js" },
        },
      },
      // React's production build whatever NODE_ENV the server runs with: the markup is the same, and the
      // development build draws a page several times slower.
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      // Every package inside the entry: the production image installs the server's packages only, and
      // leaves React and the app's other browser packages out (scripts/browser-packages.ts, Dockerfile).
      resolve: { noExternal: true },
    },
  },
  builder: {},
  server: {
    port: 5173,
    proxy: { "/api": { target: `http://localhost:${apiPort}` } },
  },
});
