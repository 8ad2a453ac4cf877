#!/usr/bin/env bash
# The whole test suite: set-up, lint, type check, front-end tests, the documentation site and
# the offline classroom site (both built here, checked offline in Chromium by the browser
# tests), pytest (engines, doctests, widgets, packaging, browser end-to-end) and the tutorial
# notebooks under nbval.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$HOME/.local/bin:$PATH"
uv run --locked ruff check .
uv run --locked ruff format --check .
uv run --locked mypy
if [ -f package.json ]; then
  npm test --silent
fi
# Warnings are errors in the docs build; the browser tests then look at these very folders.
CARDWIDGETS_SETUP_DONE=1 bash scripts/docs.sh
CARDWIDGETS_SETUP_DONE=1 bash scripts/lite.sh
# The slowest tests, printed so a CI log shows where its time goes.
uv run --locked pytest --durations=25 "$@"
if compgen -G "notebooks/*.ipynb" >/dev/null; then
  uv run --locked pytest -p no:cacheprovider --nbval --nbval-current-env notebooks/
fi
