#!/usr/bin/env bash
# Build the offline classroom site into build/lite/: JupyterLite with the Pyodide kernel, every
# tutorial of notebooks/ and this package, with no CDN and no Python server. Copy the folder
# anywhere (a USB stick, a school web space) and open index.html through any static file
# server, e.g. `python3 -m http.server -d build/lite 8000`. See docs/classroom.md.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${CARDWIDGETS_SETUP_DONE:-0}" != 1 ]; then
  CARDWIDGETS_NO_BROWSER="${CARDWIDGETS_NO_BROWSER:-1}" bash scripts/setup.sh
fi
export PATH="$HOME/.local/bin:$PATH"
export UV_PYTHON_DOWNLOADS=never
uv run --locked python scripts/build_lite.py "$@"
bash scripts/live_into_docs.sh
