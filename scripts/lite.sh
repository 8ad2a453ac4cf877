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
# Its own environment, .venv-lite (the package and the `lite` group only): the JupyterLite
# kernel extension must stay out of .venv, where the tutorials' JupyterLab would load it.
export UV_PROJECT_ENVIRONMENT="$PWD/.venv-lite"
uv sync --locked --no-default-groups --group lite --quiet
uv run --locked --no-sync python scripts/build_lite.py "$@"
bash scripts/live_into_docs.sh
