# askcode as one container: `docker build -t askcode . && docker run --env-file .env -p 3000:3000 askcode`
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
# git serves `askcode ask --ref` on checkouts mounted into the container.
RUN apt-get update && apt-get install -y --no-install-recommends git && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY --from=build /app/dist ./dist
COPY bin ./bin
COPY app.yml ./
COPY missions ./missions
USER node
EXPOSE 3000
CMD ["npx", "probot", "run", "./dist/index.js"]
