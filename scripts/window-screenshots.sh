#!/usr/bin/env bash
# Starts the real app in a real window under Xvfb (wgpu on llvmpipe) on a
# scratch database and saves a PNG of
# each screen into docs/screenshots/ (a developer tool, not a test): Library,
# Decks, Collection, Playtest, Print and World.
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

# Clicks at fixed places of the default 1280x800 window (the layout the
# screens have at that size).
click() { xdotool mousemove --window "$win" "$1" "$2" click 1; sleep "${3:-0.5}"; }
# Types into the text box at (x, y), replacing what it holds, then Enter.
retype() {
  click "$1" "$2"
  key ctrl+a
  xdotool type --window "$win" --delay 60 "$3"
  key Return
}

# Playtest: the deck changed last (Chicken Rush) dealt from seed 7, a card
# played, and 10,000 goldfish games with their charts.
key ctrl+4
sleep 2
retype 633 77 7
click 79 421
click 962 197 15
xdotool mousemove --window "$win" 640 760
shot playtest

# Print: nine-up pages of the deck changed last, page 1 previewed.
key ctrl+5
sleep 4
shot print

# World: the Strange World solo game of seed 5, its first turn played as the
# greedy player plays it (deckwright solo --seed 5 --player greedy), the
# next stack taken and a hint asked for. Board cells are 80 px apart,
# A1 centred on (143, 159); stack buttons are 45 px apart from (1070, 182).
key ctrl+6
sleep 2
retype 528 77 5
cell() { click $((143 + 80 * $1)) $((159 + 80 * $2)); }
click 1070 362   # stack 5
cell 3 4         # its revealed card on D5
cell 3 2         # then D3
cell 4 4         # and E5
click 1070 362   # stack 6 (the fifth one left)
click 969 139 4  # Hint
xdotool mousemove --window "$win" 640 760
shot world

echo "done: $(ls "$out" | wc -l) screenshots in $out"
