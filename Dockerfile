# The Corbeille API (and demo seed) on Node 20. Read models live in /data; events in EventStoreDB
# when EVENTSTORE_URL is set, otherwise in /data/events.sqlite.
FROM node:20-bookworm
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund
ENV NODE_ENV=production DATA_DIR=/data PORT=4000 HOST=0.0.0.0
EXPOSE 4000
CMD ["npm", "start"]
