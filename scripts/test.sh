#!/usr/bin/env bash
# The whole test suite: set-up, lint, type check, pytest (engines, doctests, README).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
uv run --locked ruff check .
uv run --locked ruff format --check .
uv run --locked mypy
uv run --locked pytest "$@"
