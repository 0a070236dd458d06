# Production image: builds the frontend and the API, runs as an unprivileged user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json nest-cli.json tsconfig.base.json tsconfig.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY projections/package.json projections/
COPY domain/package.json domain/
COPY storage/package.json storage/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=64", "dist/backend/src/main.js"]
