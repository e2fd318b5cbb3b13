#!/usr/bin/env bash
# Measures the app's start-up and memory goals on the real window (issue 3):
# cold start to first frame < 1 s with 10,000 cards in the database, and
# resident memory < 200 MB. (Search as you type is measured by
# `cargo bench --bench gui`.)
#
#   scripts/measure.sh [path/to/deckwright] [runs]
#
# Default binary: target/release/deckwright (cargo build --release first).
# Needs Xvfb and xdotool (see scripts/window-screenshots.sh). Each run starts a new
# process on a database holding a 10,000-card catalog (the one the Library
# opens), reads the app's DECKWRIGHT_TIMING milestones — "first-frame" (the
# window's first frame) and "ready" (the first frame listing the catalog's
# cards) — counted from the moment the script started the process, then
# types a search and reads VmRSS, then visits all seven screens twice
# (Ctrl+1 ... Ctrl+7) and reads VmRSS and VmHWM (peak) again from /proc.
# The app draws with tiny-skia when wgpu's adapter is a software one
# (llvmpipe under Xvfb, src/gui/renderer.rs); ICED_BACKEND=wgpu measures
# wgpu on llvmpipe instead.
# ICED_BACKEND=tiny-skia measures the software renderer; SHOT=file.png saves
# the first run's window after the search.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${1:-target/release/deckwright}
runs=${2:-5}
[ -x "$bin" ] || { echo "no binary at $bin (cargo build --release first)" >&2; exit 2; }
for tool in Xvfb xdotool awk; do
  command -v "$tool" >/dev/null || { echo "missing $tool" >&2; exit 2; }
done

work=$(mktemp -d)
app=""
xvfb=""
cleanup() {
  [ -n "$app" ] && kill "$app" 2>/dev/null || true
  [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# 10,000 Fuzzycards cards; "10,000 ..." sorts before the sample catalog, so
# the Library opens it.
cards=10000
awk -v n="$cards" 'BEGIN {
  split("Ember Tide Static Riddle Verdict Moss Cinder Frost Thunder Velvet Gloom Sunny", adj, " ")
  split("Fox Cub Hamster Badger Owl Weasel Boar Lynx Heron Tortoise", noun, " ")
  split("legendary epic rare uncommon common", rarity, " ")
  split("power clarity prophecy conviction wisdom", force, " ")
  print "game = \"fuzzycards\""
  print "name = \"10,000 generated cards\""
  for (i = 0; i < n; i++) {
    r = i % 5
    print ""
    print "[[card]]"
    printf "name = \"%s %s %d\"\n", adj[i % 12 + 1], noun[int(i / 12) % 10 + 1], i
    print "type = \"hero\""
    printf "cost = %d\n", 5 - r
    printf "rarity = \"%s\"\n", rarity[r + 1]
    printf "force = \"%s\"\n", force[int(i / 5) % 5 + 1]
    print "atk = 6"
    print "def = 5"
    print "hp = 9"
    printf "text = \"On Deploy: draw %d card and deal %d damage.\"\n", i % 3 + 1, i % 4
  }
}' > "$work/big.toml"
db="$work/big.db"
"$bin" --db "$db" catalog import "$work/big.toml" >/dev/null
echo "database: $(du -h "$db" | cut -f1) with $("$bin" --db "$db" catalog list | grep -c . ) catalog lines listed"

display=:$(( 80 + RANDOM % 9 ))
Xvfb "$display" -screen 0 1400x900x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb=$!
export DISPLAY=$display
sleep 1

printf "%-4s %12s %10s %10s %10s %10s\n" run first-frame ready "rss(MB)" "tour(MB)" "peak(MB)"
firsts=()
readies=()
rsss=()
tours=()
peaks=()
for run in $(seq 1 "$runs"); do
  log="$work/run$run.log"
  : >"$log"
  start=$(date +%s%3N)
  DECKWRIGHT_TIMING=1 "$bin" --db "$db" 2>"$log" &
  app=$!
  for _ in $(seq 1 300); do
    grep -q "deckwright-timing: ready" "$log" && break
    sleep 0.05
  done
  grep -q "deckwright-timing: ready" "$log" || { echo "run $run: no ready line" >&2; cat "$log" >&2; exit 1; }
  first=$(awk '/deckwright-timing: first-frame/ {print $5}' "$log")
  ready=$(awk '/deckwright-timing: ready/ {print $5}' "$log")
  # type a search, as a user would, then read the memory
  win=$(xdotool search --sync --onlyvisible --name '^Deckwright' | head -n 1)
  xdotool windowfocus --sync "$win" key --window "$win" ctrl+f
  xdotool type --window "$win" --delay 30 "ember fox 1"
  sleep 1
  [ "$run" = 1 ] && [ -n "${SHOT:-}" ] && import -window "$win" "$SHOT"
  rss=$(awk '/VmRSS/ {printf "%.0f", $2 / 1024}' /proc/$app/status)
  for _ in 1 2; do
    for k in 1 2 3 4 5 6 7; do
      xdotool key --window "$win" ctrl+$k
      sleep 1
    done
  done
  tour=$(awk '/VmRSS/ {printf "%.0f", $2 / 1024}' /proc/$app/status)
  peak=$(awk '/VmHWM/ {printf "%.0f", $2 / 1024}' /proc/$app/status)
  kill "$app"; wait "$app" 2>/dev/null || true; app=""
  firsts+=($((first - start))); readies+=($((ready - start))); rsss+=("$rss"); tours+=("$tour"); peaks+=("$peak")
  printf "%-4s %9s ms %7s ms %10s %10s %10s\n" "$run" "$((first - start))" "$((ready - start))" "$rss" "$tour" "$peak"
done

median() { printf "%s\n" "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }
echo "median: first frame $(median "${firsts[@]}") ms, ready $(median "${readies[@]}") ms," \
  "resident $(median "${rsss[@]}") MB after the search, $(median "${tours[@]}") MB after every screen (peak $(median "${peaks[@]}") MB)"
