#!/usr/bin/env bash
# Copy the classroom site (build/lite/) into the docs site as build/docs/lite/, where the
# "Try it live" buttons of docs/live.md find it. Run at the end of scripts/docs.sh and of
# scripts/lite.sh, so either build order leaves both sites together; a no-op until both exist.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f build/lite/index.html ] && [ -f build/docs/index.html ]; then
  rm -rf build/docs/lite
  cp -r build/lite build/docs/lite
  echo "Docs: the classroom site is in build/docs/lite (for the live widgets)"
fi
