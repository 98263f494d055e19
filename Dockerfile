# syntax=docker/dockerfile:1
# Production image: the built app and its production dependencies only.
# It needs MONGODB_URI (MongoDB), SESSION_SECRET and TOKEN_ENCRYPTION_KEYS at run time; see .env.example.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npx remix build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS production
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/scripts/serve.mjs /app/scripts/web-server.mjs /app/scripts/client-address.mjs /app/scripts/same-origin.mjs ./scripts/
USER node
EXPOSE 3000
CMD ["node", "scripts/serve.mjs", "./build/index.js"]
