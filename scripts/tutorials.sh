#!/usr/bin/env bash
# The main job: set up (Python env, widget bundle) and open JupyterLab on the tutorial notebooks.
# Extra arguments go to JupyterLab (e.g. --no-browser --port=8888). Open the URL it prints
# (http://localhost:8888/lab?token=...) if no browser window opens by itself.
set -euo pipefail
cd "$(dirname "$0")/.."
CARDWIDGETS_NO_BROWSER="${CARDWIDGETS_NO_BROWSER:-1}" bash scripts/setup.sh
export PATH="$HOME/.local/bin:$PATH"
args=()
if [ "$(id -u)" = 0 ]; then
  args+=(--allow-root)  # JupyterLab refuses to run as root without it (containers, CI boxes)
fi
# At start-up JupyterLab asks its bundled yarn for the npm registry (only used to install
# extensions, which this project does not need); with recent Node that fails and prints a page
# of minified JavaScript. It is harmless: drop that block, keep every other line. The filter
# ignores Ctrl-C, so JupyterLab's own shutdown messages still get through.
quiet_yarn_noise() {
  trap '' INT
  local line skipping=0
  while IFS= read -r line || [ -n "$line" ]; do
    if [ "$skipping" = 0 ] && [[ $line == *"Fail to get yarn configuration"* ]]; then
      skipping=1
      continue
    fi
    if [ "$skipping" = 1 ]; then
      if [[ $line == "Node.js v"* ]]; then
        skipping=0
        continue
      fi
      [[ $line =~ ^\[[DIWEC]\  ]] || continue # a log line ends the block too
      skipping=0
    fi
    printf '%s\n' "$line"
  done
}
exec uv run --locked jupyter lab notebooks/ "${args[@]}" "$@" 2> >(quiet_yarn_noise >&2)
