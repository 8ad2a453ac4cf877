#!/usr/bin/env bash
# The main job: until the widgets land, a terminal demo that plays a seeded Tablić deal.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
uv run --locked python -m cardwidgets.demo "$@"
