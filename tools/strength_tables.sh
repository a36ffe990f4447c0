#!/bin/bash
# The AI strength tables, resumable: each game is kept in
# docs/results/strength/NAME.jsonl (tools/tournament.py --log), so running
# this again plays only the games still missing, in as many sittings as it
# takes. Two streams, one game at a time each, for the two cores (each
# stream starts with the 4-player table whose bar is the least certain):
#
#     tools/strength_tables.sh A &   tools/strength_tables.sh B &
#
# and expert's table, once expert is settled (expert.py is digested only by
# the tables that seat expert, so work on it leaves A and B standing):
#
#     tools/strength_tables.sh E
#
# The iterations are the levels' defaults; the seconds caps are raised so that
# a loaded machine never cuts a search short (the decisions stay the ones a
# quiet machine takes). A log whose levels now decide differently is refused:
# move it aside to start that table again.
set -u
cd "$(dirname "$0")/.."
# This checkout's code plays, even when the package is installed from another
# one (tools/tournament.py refuses a logged run that would import elsewhere).
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
OUT=${STRENGTH_OUT:-docs/results/strength}
mkdir -p "$OUT"
# A log's first line holds its budget string, so hard's tables keep the string
# they were started with; expert's table has its own (expert's default is 140
# iterations since commit 09ec1d5).
B='hard=iterations:70,seconds:120;expert=iterations:70,seconds:240;hard-v1=iterations:60,seconds:120;medium=iterations:400,seconds:60'
BE='hard=iterations:70,seconds:120;expert=iterations:140,seconds:240'
t() {
  TOURNAMENT_QUIET=1 python tools/tournament.py --seats "$2" --games "$3" --seed "$4" --timing \
    --budget "${5:-$B}" --log "$OUT/$1.jsonl" --out "$OUT/$1.json" > "$OUT/$1.txt" 2>&1
}
case "${1:-}" in
  A)
    t hard_vs_3hardv1 hard,hard-v1,hard-v1,hard-v1 100 301
    t hard_vs_medium_2p hard,medium 200 202
    t hard_vs_refmc_2p hard,ref-mc 60 204
    t hard_vs_refgreedy_2p hard,ref-greedy 60 203
    ;;
  B)
    t hard_vs_3medium hard,medium,medium,medium 200 201
    t hard_refmc_2medium hard,ref-mc,medium,medium 40 303
    t hard_refgreedy_2medium hard,ref-greedy,medium,medium 40 304
    ;;
  E)
    t expert_vs_3hard expert,hard,hard,hard 100 302 "$BE"
    ;;
  *) echo "usage: $0 A|B|E" >&2; exit 2 ;;
esac
