#!/bin/sh
# Container entry: maps SERVICE to its main.ts and replaces this shell with node (exec), so
# SIGTERM from `docker stop` reaches node and its graceful shutdown, not a shell that ignores it.
# Any arguments run as a command instead (e.g. `docker run --rm -it rankgate sh`).
set -eu

if [ "$#" -gt 0 ]; then
  exec "$@"
fi

case "${SERVICE:-}" in
  gateway)        entry=gateway/src/main.ts ;;
  search)         entry=services/search/src/main.ts ;;
  auth-server)    entry=services/auth-server/src/main.ts ;;
  mcp)            entry=services/mcp/src/main.ts ;;
  ranking-worker) entry=services/ranking-worker/src/main.ts ;;
  *)
    echo "docker-entrypoint: SERVICE must be one of gateway, search, auth-server, mcp, ranking-worker (got '${SERVICE:-}')" >&2
    exit 64
    ;;
esac

# The app root (/app in the image): entries and their packages resolve from there. Node 24 strips
# the types itself, so the sources run as they are.
cd "$(dirname "$0")/.."
exec node "$entry"
