#!/usr/bin/env bash
# Idempotent set-up on a fresh machine: uv and the Python environment (with every test group).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v uv >/dev/null 2>&1; then
  python3 -m pip install --quiet uv
fi
export UV_PYTHON_DOWNLOADS=never
uv sync --locked --all-groups --all-extras --quiet
