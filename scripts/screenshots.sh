#!/usr/bin/env bash
# Renders every screen of the app — Library, Decks, Collection, the Playtest
# table, Print, World and Matchups — at 1280x800 and 1024x700, in the light
# and the dark theme, into docs/screenshots/ (or the folder given):
# NAME-WIDTHxHEIGHT-THEME.png. The frames are the app's real views drawn by
# its software renderer (tiny-skia) through iced_test, on the states the
# snapshot tests set up (tests/gui/snapshots.rs), so no display is needed.
#
#   scripts/screenshots.sh [folder]
#
# ImageMagick's `convert`, when present, halves the frames (they are drawn at
# scale 2) and compresses them.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/screenshots}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ICED_TEST_BACKEND=tiny-skia SCREENSHOTS_DIR="$work" cargo test -q --test gui snapshots:: >/dev/null
n=0
for f in "$work"/*-tiny-skia.png; do
  name=$(basename "$f" -tiny-skia.png)
  case "$name" in *-light|*-dark) ;; *) continue ;; esac
  if command -v convert >/dev/null; then
    convert "$f" -resize 50% -strip -define png:compression-level=9 "$out/$name.png"
  else
    cp "$f" "$out/$name.png"
  fi
  n=$((n + 1))
done
echo "$n screenshots in $out"
