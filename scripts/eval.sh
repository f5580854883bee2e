#!/usr/bin/env bash
# Scores extraction against the labelled discussions in ../shared/eval (when that folder exists).
# Usage: npm run eval [-- --json]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sets=${EVAL_DIR:-"$root/../shared/eval"}
if [ ! -f "$sets/run.sh" ]; then
  echo "eval: no labelled sets at $sets (set EVAL_DIR to their folder)" >&2
  exit 0
fi
[ -f "$root/dist/cli/main.js" ] || npm --prefix "$root" run build >/dev/null
cd "$root"
EXTRACT="node $root/bin/extract.js" bash "$sets/run.sh" "$sets" "$@"
