#!/usr/bin/env bash
# Starts the real app under Xvfb on a scratch database and saves a PNG of
# each screen into docs/screenshots/ (a developer tool, not a test).
#
#   scripts/screenshots.sh [path/to/deckwright]
#
# Default binary: the newer of target/release/deckwright and target/debug/deckwright.
# Needs: xvfb xauth libgl1-mesa-dri mesa-vulkan-drivers libvulkan1
# imagemagick xdotool (apt). wgpu uses llvmpipe/lavapipe under Xvfb; set
# ICED_BACKEND=tiny-skia to force the software renderer.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${1:-}
if [ -z "$bin" ]; then
  bin=$(ls -t target/release/deckwright target/debug/deckwright 2>/dev/null | head -n 1 || true)
fi
[ -x "$bin" ] || { echo "no binary at $bin (cargo build first)" >&2; exit 2; }
for tool in Xvfb xdotool import convert; do
  command -v "$tool" >/dev/null || { echo "missing $tool (see the comment at the top)" >&2; exit 2; }
done

out=docs/screenshots
mkdir -p "$out"
work=$(mktemp -d)
app=""
xvfb=""
cleanup() {
  [ -n "$app" ] && kill "$app" 2>/dev/null || true
  [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# A database with the sample catalogs, two decks and a few owned cards.
db="$work/screens.db"
export DECKWRIGHT_DB="$db"
"$bin" catalog list >/dev/null
"$bin" deck import --catalog "Genesis Wave (sample content)" --name "Fuzzy Beatdown" \
  resources/decks/fuzzycards-beatdown.txt >/dev/null
"$bin" deck import --catalog "Chaos Tower Starter (sample content)" --name "Chicken Rush" \
  resources/decks/dice-of-destiny-chicken-rush.txt >/dev/null
for card in "Grand Fluffmonarch:1" "Flipping Boar:3" "Cinder Badger:1" "Static Hamster:2" \
  "Ember Cub:4" "Riddle Fox:2" "Pounce!:1"; do
  "$bin" collection set --catalog "Genesis Wave (sample content)" "${card%%:*}" "${card##*:}" >/dev/null
done

# A display of our own.
display=:$(( 90 + RANDOM % 9 ))
Xvfb "$display" -screen 0 1400x900x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb=$!
export DISPLAY=$display
sleep 1

"$bin" --db "$db" >"$work/app.log" 2>&1 &
app=$!
win=$(timeout 30 xdotool search --sync --onlyvisible --name '^Deckwright' | head -n 1)
[ -n "$win" ] || { echo "the window did not appear" >&2; cat "$work/app.log" >&2; exit 1; }
xdotool windowfocus --sync "$win"
sleep 3

shot() {
  sleep 1.5
  import -window "$win" "$work/$1.png"
  # smaller files for the README: strip metadata, best compression
  convert "$work/$1.png" -strip -define png:compression-level=9 "$out/$1.png"
  echo "$out/$1.png"
}
key() { xdotool key --window "$win" --clearmodifiers "$@"; sleep 0.4; }

# Library: search as you type, the first match selected (its face drawn from data).
key ctrl+f
xdotool type --window "$win" --delay 60 "fox"
key Down
shot library

# Deck builder: the deck changed last is open, with its report and charts.
key Escape
key ctrl+2
shot decks

# Collection: owned counts and what the deck changed last still lacks.
key ctrl+3
sleep 1
shot collection

echo "done: $(ls "$out" | wc -l) screenshots in $out"
