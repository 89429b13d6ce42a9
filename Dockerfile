# Production image: the client build and the compiled server (npm run build), run by plain Node on the
# current LTS with production dependencies only: no TypeScript sources, no tsx, no demo seed.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The build needs every package; the image keeps the server's. The browser's packages are dependencies
# too (so that `npm audit --omit=dev` covers them), but the client build has them bundled in, the page
# renderer included: they leave package.json before the prune (docs/operations.md#what-ships-where).
RUN npm run build && npx tsx scripts/browser-packages.ts --server-image && npm prune --omit=dev

FROM node:22-bookworm-slim
ENV APP_ENV=production NODE_ENV=production PORT=5000
# V8 otherwise lets garbage pile up to about three times the live heap under load before collecting
# (docs/performance.md, "Memory"); with this cap it collects sooner and the server stays well inside
# its memory budget. The cap is about ten times the live heap; raise it here for a bigger instance.
ENV NODE_OPTIONS=--max-old-space-size=512
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/package.json ./
USER node
EXPOSE 5000
HEALTHCHECK CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
