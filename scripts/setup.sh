#!/usr/bin/env bash
# Idempotent set-up on a fresh machine: uv and the Python environment (every extra and every
# group but the classroom build's `lite`), the front-end bundle (npm), and Debian's Chromium for
# the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.local/bin:$PATH"
if ! command -v uv >/dev/null 2>&1; then
  # pyenv or a venv: a plain install; Debian's system Python (PEP 668): a user install.
  python3 -m pip install --quiet uv 2>/dev/null ||
    python3 -m pip install --quiet --user --break-system-packages uv
fi
export UV_PYTHON_DOWNLOADS=never
if [ -f package.json ]; then
  # Reinstall the front-end packages only when package-lock.json (or Node) changed since the
  # last install, and rebuild the bundle only when a source is newer than it: a second run
  # (every `scripts/tutorials.sh`) takes a second, not a full `npm ci`.
  stamp=node_modules/.cardwidgets-installed
  want="$(sha256sum package-lock.json | cut -d' ' -f1) node $(node --version)"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    npm ci --no-audit --no-fund --loglevel=error
    echo "$want" >"$stamp"
  fi
  # The widget bundle must exist before the package is imported (anywidget reads _esm then).
  bundle=cardwidgets/static/widget.js
  # replay.js, lesson.js and editor.js (the kernel-free replay player and lesson page, the
  # position editor) are built by the same `npm run build`.
  if [ ! -f "$bundle" ] || [ ! -f cardwidgets/static/replay.js ] || [ ! -f cardwidgets/static/lesson.js ] || [ ! -f cardwidgets/static/editor.js ] || [ -n "$(find js package.json package-lock.json tsconfig.json \
      -newer "$bundle" -print -quit)" ]; then
    npm run --silent build
  fi
fi
# Every group but `lite`: the JupyterLite kernel extension, installed beside JupyterLab, logs
# console errors on every JupyterLab page. scripts/lite.sh builds in its own .venv-lite.
uv sync --locked --all-groups --no-group lite --all-extras --quiet
if [ "${CARDWIDGETS_NO_BROWSER:-0}" != 1 ] && [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
  fi
fi
