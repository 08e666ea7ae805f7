# syntax=docker/dockerfile:1
# One build, two images: `service` runs command-service, projection-service or tracker-sync (the command is set in
# docker-compose.yml), `console` is the reverse proxy serving the built console on one origin.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# sqlite3 (the benchmark's peer) compiles when no prebuilt binary fits
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY . .
RUN npm install --no-audit --no-fund && npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS service
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
CMD ["node", "server/dist/command-service.main.js"]

FROM nginx:1.29-alpine AS console
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/console/dist /usr/share/nginx/html
