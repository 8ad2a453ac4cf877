#!/usr/bin/env bash
# The main job: set up (Python env, widget bundle) and open JupyterLab on the tutorial notebooks.
# Extra arguments go to JupyterLab (e.g. --no-browser --port=8888).
set -euo pipefail
cd "$(dirname "$0")/.."
CARDWIDGETS_NO_BROWSER="${CARDWIDGETS_NO_BROWSER:-1}" bash scripts/setup.sh
args=()
if [ "$(id -u)" = 0 ]; then
  args+=(--allow-root)  # JupyterLab refuses to run as root without it (containers, CI boxes)
fi
exec uv run --locked jupyter lab notebooks/ "${args[@]}" "$@"
