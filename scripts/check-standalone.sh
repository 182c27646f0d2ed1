#!/usr/bin/env bash
# Proves the repository stands alone: copies the committed tree (no node_modules, no build output,
# nothing from beside the repository) into an empty temporary folder, builds the engine there and
# runs the tests that read official vectors and the documentation checks. A test that reaches for a
# file outside the repository (a vectors folder in a sibling checkout, say) fails here, because nothing is beside the copy.
# Usage: scripts/check-standalone.sh [git ref, default HEAD]
set -euo pipefail
cd "$(dirname "$0")/.."

outside="$(mktemp -d)"
trap 'rm -rf "$outside"' EXIT
copy="$outside/repo"
mkdir "$copy"
ref="${1:-HEAD}"
git archive --format=tar "$ref" | tar -x -C "$copy"
# The installed dependencies are the only thing shared with the checkout: a link, not a copy.
ln -s "$PWD/node_modules" "$copy/node_modules"

cd "$copy"
echo "Standalone check in $copy (committed tree at $(git -C "$OLDPWD" rev-parse --short "$ref"))"
npm run --silent build:engine
npx vitest run engine/ docs/
