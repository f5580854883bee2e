#!/usr/bin/env bash
# Scores extraction against the labelled discussions in ../shared/eval (when that folder exists).
# Usage: npm run eval [-- --json]
# Prints the agent-tasks rows left one writer out, then every set's rows, then the agent-tasks rows again for its short (< 8 messages) and
# real-length (8 or more) discussions apart.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sets=${EVAL_DIR:-"$root/../shared/eval"}
if [ ! -f "$sets/run.sh" ]; then
  echo "eval: no labelled sets at $sets (set EVAL_DIR to their folder)" >&2
  exit 0
fi
[ -f "$root/dist/cli/main.js" ] || npm --prefix "$root" run build >/dev/null
cd "$root"
# The decision scorer judged first on writers it was not fitted on (fit on all writers but one,
# score the one left out, for each), with the in-sample figure beside it; then again with the
# writer left out also read without the phrases only their discussions contain.
if [ -f "$sets/agent-tasks/gold.json" ]; then
  EVAL_DIR="$sets" node "$root/scripts/lowo.js" "$@"
  # (The shipped weights are scored below: say when they are not what fitting gives now.)
  EVAL_DIR="$sets" node "$root/scripts/train.js" --check || true
fi
EXTRACT="node $root/bin/extract.js" bash "$sets/run.sh" "$sets" "$@"
agent="$sets/agent-tasks"
if [ -f "$agent/gold.json" ] && grep -q -- '--part' "$sets/score.mjs"; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  cp "$agent/tasks.json" "$tmp/tasks.json"
  node "$root/bin/extract.js" run "$tmp/tasks.json" --memory "$tmp/memory" --now 2026-01-01T00:00:00Z >/dev/null 2>&1 || true
  for part in short long; do
    node "$sets/score.mjs" "agent-tasks:$part" "$agent/gold.json" "$tmp/tasks.json" "$tmp/memory" --part "$part" "$@"
  done
fi
