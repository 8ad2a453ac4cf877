#!/usr/bin/env bash
# Build the documentation site into build/docs/ (open build/docs/index.html): the guides in
# docs/, the rules (docs/rules/), every tutorial in notebooks/ (executed now) and the API
# reference from the docstrings. Offline: only PyPI packages, no CDN. Warnings are errors. If the
# classroom site is built (scripts/lite.sh), it is copied in as build/docs/lite/ (live widgets).
# Extra arguments go to sphinx-build (e.g. -j 2). CARDWIDGETS_DOCS_EXECUTE=off reuses the
# outputs saved in the notebooks instead of running them.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${CARDWIDGETS_SETUP_DONE:-0}" != 1 ]; then
  CARDWIDGETS_NO_BROWSER="${CARDWIDGETS_NO_BROWSER:-1}" bash scripts/setup.sh
fi
export PATH="$HOME/.local/bin:$PATH"
rm -rf build/docs docs/api  # docs/api/ holds the generated API pages
start=$SECONDS
# The notebook runner's chatter (kernel start-up notices) is dropped; warnings and errors stay.
uv run --locked sphinx-build -c docs -b html -W --keep-going -q "$@" . build/docs 2>&1 |
  { grep -v -e 'Kernel is running over TCP' -e 'Executing notebook with kernel' -e '^$' || true; }
bash scripts/live_into_docs.sh
echo "Docs: built in $((SECONDS - start)) s: $(pwd)/build/docs/index.html"
