#!/usr/bin/env bash
# The whole test suite: set-up, lint, type check, front-end tests, pytest (engines, doctests,
# widgets, browser end-to-end) and the tutorial notebooks under nbval.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
uv run --locked ruff check .
uv run --locked ruff format --check .
uv run --locked mypy
if [ -f package.json ]; then
  npm test --silent
fi
uv run --locked pytest "$@"
if compgen -G "notebooks/*.ipynb" >/dev/null; then
  uv run --locked pytest -p no:cacheprovider --nbval --nbval-current-env notebooks/
fi
