#!/bin/sh
# Usage: run-logged.sh <log> <what> <command>...
#
# Print "<what> (log: <log>)" and run <command> with all its output in
# <log>.  If it fails, print the last 30 lines of <log> and its path, and
# fail with its exit status (see log.sh).

. "$(dirname "$0")/log.sh"
log_to "$1" "$2"
shift 2
"$@"
