#!/usr/bin/env bash
# The main job: set up (Python env, widget bundle) and open JupyterLab on the tutorial notebooks.
set -euo pipefail
cd "$(dirname "$0")/.."
CARDWIDGETS_NO_BROWSER="${CARDWIDGETS_NO_BROWSER:-1}" bash scripts/setup.sh
exec uv run --locked jupyter lab notebooks/ "$@"
