#!/bin/sh
# Usage: tests/differential.sh <patched-git> <pristine-git>
#
# Check that normal (non-stochastic) bisection with <patched-git> behaves
# byte for byte like <pristine-git>.  The same command script runs with
# each git on its own fresh copy of the same repository, and the
# transcripts (every command's standard output, error output and exit
# code) must be identical.  The scripts are:
#
#  - `git rev-list --bisect`, `--bisect-vars`, `--bisect-all` (and the last
#    two together) from a bad commit against one or several good ones,
#    some of them not ancestors of the bad one, with and without
#    --first-parent and a pathspec;
#
#  - a whole `git bisect` session driven by an oracle that knows the first
#    bad commit: start (sometimes with --no-checkout, --first-parent, a
#    pathspec, custom terms), good/bad/skip or `bisect run` until done,
#    `bisect visualize`, `log` and `reset`, then `bisect replay` of the log.
#
# They run on DIFF_COUNT random histories (tests/random-dag.py, imported by
# scripts/import-dag.py) and on a few ranges of the shape of git.git.
#
# Environment: DIFF_SEED (a number, default 20241126), DIFF_COUNT (number
# of random histories, default 200), DIFF_JOBS (parallel jobs, default 2).
# Work files go to build/<base>/differential/ (see scripts/base.sh), which
# is re-created on every run and keeps the transcripts of failures.
#
# Exit code: 0 if all transcripts are identical, 1 if any differ, 2 on an
# error in the harness itself (including sanity checks that make sure the
# transcripts are not trivially equal, e.g. empty or never finding the
# first bad commit).

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
work=$BASE_BUILD/differential
seed=${DIFF_SEED:-20241126}
count=${DIFF_COUNT:-200}
jobs=${DIFF_JOBS:-2}
gitgit_dag=$top/data/git.git.dag.gz

die () {
	echo >&2 "differential: $*"
	exit 2
}

test $# = 2 || die "usage: $0 <patched-git> <pristine-git>"
for n in "$seed" "$count" "$jobs"
do
	case $n in
	''|*[!0-9]*) die "DIFF_SEED, DIFF_COUNT and DIFF_JOBS must be numbers" ;;
	esac
done
test "$jobs" -gt 0 || die "DIFF_JOBS must be positive"

# The gits are run from other directories: make their names absolute.
abs_git () {
	case $1 in
	/*) echo "$1" ;;
	*/*) echo "$PWD/$1" ;;
	*) command -v "$1" ;;
	esac
}
patched=$(abs_git "$1") && pristine=$(abs_git "$2") ||
	die "cannot find $1 or $2"
for g in "$patched" "$pristine"
do
	"$g" version | grep -q '^git version ' || die "$g is not a working git"
done

# Nothing from the caller's environment or configuration may make the two
# runs differ, nor make them differ from run to run.  In particular a
# GIT_EXEC_PATH (e.g. from a bin-wrapper) would make both gits run the
# same dashed commands.
for v in $(env | sed -n 's/^\(GIT_[A-Za-z0-9_]*\)=.*/\1/p')
do
	unset "$v"
done
unset DISPLAY SESSIONNAME MSYSTEM SECURITYSESSIONID # no gitk in visualize
HOME=$work/home
XDG_CONFIG_HOME=$HOME/.config
GIT_CONFIG_NOSYSTEM=1
GIT_AUTHOR_NAME='A U Thor'
GIT_AUTHOR_EMAIL=author@example.com
GIT_AUTHOR_DATE='1112911993 -0700'
GIT_COMMITTER_NAME='C O Mitter'
GIT_COMMITTER_EMAIL=committer@example.com
GIT_COMMITTER_DATE='1112911993 -0700'
GIT_PAGER='cat'
PAGER='cat'
LC_ALL=C
LANG=C
TZ=UTC
export HOME XDG_CONFIG_HOME GIT_CONFIG_NOSYSTEM GIT_PAGER PAGER LC_ALL LANG TZ \
	GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_AUTHOR_DATE \
	GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL GIT_COMMITTER_DATE

rm -rf "$work" && mkdir -p "$HOME" || die "cannot create $work"

# "python3" may be a slow shim (pyenv): find the interpreter once.  The
# scripts need only the standard library, so skip the site setup (-S),
# which takes longer than they do.
python=$(python3 -c 'import sys; print(sys.executable)') &&
	test -x "$python" || die "cannot find python3"

# The oracle of every session, for manual steps and `git bisect run`
# alike: the commit under test is bad exactly if it contains
# $ORACLE_CULPRIT.  With ORACLE_SKIP set, about one commit in six (picked
# from its object name and ORACLE_SKIP) is untestable.  It answers with
# the exit code of a `bisect run` script and uses the pristine git, which
# is part of the harness here, not under test.
oracle=$work/oracle.sh
cat >"$oracle" <<\EOF
unset GIT_EXEC_PATH
cur=$("$ORACLE_GIT" rev-parse --verify -q BISECT_HEAD ||
	"$ORACLE_GIT" rev-parse --verify HEAD) || exit 255
if test -n "$ORACLE_SKIP" &&
	test $(( (0x${cur%${cur#??}} + ORACLE_SKIP) % 6 )) = 0
then
	exit 125
fi
"$ORACLE_GIT" merge-base --is-ancestor "$ORACLE_CULPRIT" "$cur"
case $? in
0) exit 1 ;; # bad
1) exit 0 ;; # good
*) exit 255 ;;
esac
EOF
ORACLE_GIT=$pristine
export ORACLE_GIT

# t <git-args>: run the git under test ($git) and append the command, its
# output, error output and exit code to the transcript (standard output).
# Its output stays in $scratch/out for the caller to look at.
t () {
	printf '$ git %s\n' "$*"
	"$git" "$@" </dev/null >"$scratch/out" 2>"$scratch/err"
	status=$?
	cat "$scratch/out"
	echo '--- stderr'
	cat "$scratch/err"
	echo "--- exit $status"
	return $status
}

# note <message>: something in this run makes the comparison meaningless.
note () {
	echo "$*" >>"$scratch/notes"
}

# The rev-list checks, against good1 alone and all goods, with and without
# --first-parent and pathspec.
revlist_script () {
	for fp in "" --first-parent
	do
		for range in "^$good1" "$(echo "$goods" | sed 's/^/^/; s/ / ^/g')"
		do
			t rev-list --bisect $fp $bad $range ||
				note "rev-list --bisect${fp:+ $fp} $bad $range failed"
			grep -q '^[0-9a-f]\{40\}$' "$scratch/out" ||
				note "rev-list --bisect${fp:+ $fp} $bad $range: no commit"
			t rev-list --bisect-vars $fp $bad $range
			t rev-list --bisect-all $fp $bad $range
			t rev-list --bisect-vars --bisect-all $fp $bad $range
			for mode in --bisect --bisect-vars --bisect-all
			do
				t rev-list $mode $fp $bad $range -- a
			done
			# A single good: both ranges are the same.
			test "$goods" = "$good1" && break
		done
	done
}

# Answer the bisection's questions as the oracle says until it ends,
# sometimes with `git bisect run`.
answer_until_done () {
	step=0
	while ! grep -q "is the first .\{0,1\}$new.\{0,1\} commit" "$scratch/out"
	do
		step=$((step + 1))
		if test $step -gt 40
		then
			note "bisection did not end after 40 steps"
			return
		fi
		t rev-list --bisect-vars --bisect
		if test -n "$run" && test $step = 3
		then
			t bisect run sh "$oracle"
			return
		fi
		sh "$oracle"
		case $? in
		0) verdict=$old ;;
		1) verdict=$new ;;
		125) verdict=skip ;;
		*) note "the oracle failed"; return ;;
		esac
		t bisect $verdict || return
	done
}

# A bisection session from $bad and $goods to the end, with the knobs of
# $knobs, then a replay of its log.
session_script () {
	new=bad old=good opts='' pathspec='' skip='' run=''
	for knob in $knobs
	do
		case $knob in
		no-checkout|first-parent) opts="$opts --$knob" ;;
		terms) new=broken old=fixed
			opts="$opts --term-new=$new --term-old=$old" ;;
		pathspec) pathspec="-- a" ;;
		skip) skip=$history ;;
		run) run=t ;;
		*) note "unknown knob $knob" ;;
		esac
	done

	ORACLE_CULPRIT=$culprit ORACLE_SKIP=$skip
	export ORACLE_CULPRIT ORACLE_SKIP
	if t bisect start $opts $bad $goods $pathspec
	then
		answer_until_done
	elif test -z "$pathspec"
	then
		# (Under a pathspec, nothing may be left to test.)
		note "bisect start failed"
	fi
	found=$(sed -n "s/^\([0-9a-f]\{40\}\) is the first .\{0,1\}$new.\{0,1\} commit\$/\1/p" \
		"$scratch/out")
	echo "$found" >"$scratch/found.$git_name"
	# Without skips or simplification, the answer must be the culprit:
	# this makes sure the oracle really drives the sessions.
	case " $knobs " in
	*" skip "*|*" pathspec "*|*" first-parent "*) ;;
	*) test "$found" = "$culprit" ||
		note "bisection found '$found', not the culprit $culprit" ;;
	esac

	t bisect visualize --oneline
	t bisect log && cp "$scratch/out" "$scratch/bisect.log"
	t bisect reset
	t bisect replay ../bisect.log
	t bisect log
	t bisect reset
}

# check <label> <template-repo>: run the scripts with each git on a fresh
# copy of the repository; $bad, $goods, $culprit and $knobs say what to
# bisect.  Appends a line "<same|differ|error> <found> <label>: <detail>" to
# $scratch/results.
check () {
	label=$1 template=$2
	good1=${goods%% *}
	rm -f "$scratch"/*.txt "$scratch"/found.* "$scratch/notes"
	for git_name in pristine patched
	do
		case $git_name in
		pristine) git=$pristine ;;
		patched) git=$patched ;;
		esac
		rm -rf "$scratch/repo" "$scratch/bisect.log"
		cp -pR "$template" "$scratch/repo" || note "cannot copy $template"
		(
			cd "$scratch/repo" || exit
			revlist_script
			session_script
		) >"$scratch/$git_name.txt" 2>&1
		# Notes about the pristine run are harness errors; those about
		# the patched one show as differences.
		test -f "$scratch/notes" && test $git_name = pristine &&
			mv "$scratch/notes" "$scratch/pristine.notes"
	done
	found=$(cat "$scratch/found.pristine" 2>/dev/null)
	found=${found:--}
	if test -f "$scratch/pristine.notes"
	then
		result="error $found $label: $(head -n 1 "$scratch/pristine.notes")"
	elif test "$(grep -c '^\$ git ' "$scratch/pristine.txt")" -lt 20
	then
		result="error $found $label: transcript too short"
	elif cmp -s "$scratch/pristine.txt" "$scratch/patched.txt"
	then
		result="same $found $label"
	else
		result="differ $found $label: $(first_difference \
			"$scratch/pristine.txt" "$scratch/patched.txt")"
	fi
	case $result in
	same*) ;;
	*)	# Keep everything for a closer look.
		mkdir -p "$work/failures/$label" &&
		mv "$scratch"/*.txt "$scratch"/*.notes "$scratch/repo" \
			"$work/failures/$label/" 2>/dev/null
		cp "$scratch/dag" "$work/failures/$label/" 2>/dev/null ;;
	esac
	rm -f "$scratch/pristine.notes"
	echo "$result" >>"$scratch/results"
}

# first_difference <expected> <actual>: one line saying where they differ.
first_difference () {
	awk -v other="$2" '
		{ if ((getline o <other) <= 0) o = "<end of transcript>" }
		/^\$ / { cmd = $0 }
		$0 != o { diff = 1; exit }
		END {
			if (!diff && (getline o <other) <= 0) exit
			if (!diff) $0 = "<end of transcript>"
			printf "after \"%s\": -%s +%s\n", cmd, $0, o
		}' "$1"
}

# random_histories <job>: check the random histories <job>, <job>+$jobs,...
random_histories () {
	scratch=$work/job$1
	mkdir -p "$scratch" || exit 2
	history=$1
	while test $history -lt $count
	do
		dag=$scratch/dag
		rm -rf "$scratch/template"
		if "$python" -S "$top/tests/random-dag.py" $seed $history >"$dag" &&
			"$python" -S "$top/scripts/import-dag.py" --git "$pristine" \
				"$dag" "$scratch/template" 2>"$scratch/import.err" &&
			bad=$("$pristine" -C "$scratch/template" rev-parse bad) &&
			culprit=$("$pristine" -C "$scratch/template" rev-parse culprit) &&
			goods=$("$pristine" -C "$scratch/template" for-each-ref \
				--format='%(objectname)' 'refs/tags/good*' | xargs) &&
			test -n "$goods"
		then
			knobs=$(sed -n 's/^# knobs: //p' "$dag")
			check "random-$history" "$scratch/template"
		else
			echo "error - random-$history: cannot make the history:" \
				"$(head -n 1 "$scratch/import.err")" >>"$scratch/results"
		fi
		history=$((history + jobs))
	done
}

# The same checks on ranges of git.git's real shape.  Every seventh commit
# changes "b" instead, so that the pathspec "a" has something to simplify.
# The table below has a label, knobs (as from random-dag.py, "-" for none),
# the bad commit and the good ones.  In the last range, v2.40.0~3^2 is not
# an ancestor of v2.39.0, so that a merge base must be tested, and
# v2.39.0~5^2 is on a side branch.
gitgit_ranges () {
	scratch=$work/gitgit
	mkdir -p "$scratch" || exit 2
	template=$scratch/template
	if ! test -f "$gitgit_dag" || ! gzip -dc "$gitgit_dag" |
		awk '/^c/ && n++ % 7 == 3 { $0 = $0 " file=b" } 1' |
		"$python" -S "$top/scripts/import-dag.py" --git "$pristine" - "$template"
	then
		echo "error - git.git: cannot import $gitgit_dag" >>"$scratch/results"
		return
	fi
	history=0
	while read -r label knobs_ bad_ goods_
	do
		history=$((history + 1))
		knobs=$(echo "$knobs_" | tr , ' ' | sed 's/^-$//')
		bad=$("$pristine" -C "$template" rev-parse "$bad_") &&
		goods=$("$pristine" -C "$template" rev-parse $goods_) &&
		goods=$(echo $goods) &&
		# The culprit: a third of the way down the range.
		culprit=$("$pristine" -C "$template" rev-list $bad --not $goods |
			awk '{ c[NR] = $0 } END { print c[int(NR / 3) + 1] }') &&
		test -n "$culprit" ||
		{
			echo "error - $label: bad range" >>"$scratch/results"
			continue
		}
		check "$label" "$template"
	done <<-\EOF
	git.git-v2.55.0 - v2.55.0 v2.54.0
	git.git-v2.39.0 no-checkout,pathspec,skip,run v2.39.0 v2.38.0
	git.git-goods first-parent,terms v2.39.0 v2.38.0 v2.40.0~3^2 v2.39.0~5^2
	EOF
}

echo "differential: seed $seed, $count random histories + 3 git.git ranges," \
	"$jobs jobs"
echo "differential: patched $patched ($("$patched" version))"
echo "differential: pristine $pristine ($("$pristine" version))"

pids=
job=0
while test $job -lt $jobs
do
	random_histories $job &
	pids="$pids $!"
	job=$((job + 1))
done
gitgit_ranges &
pids="$pids $!"
for pid in $pids
do
	wait $pid || die "a job of the harness failed"
done

results=$work/results
cat "$work"/*/results >"$results" 2>/dev/null
# One line for each failure, with object names abbreviated.
sed -n -e 's/^differ [^ ]* /differential: differ: /p' \
	-e 's/^error [^ ]* /differential: error: /p' "$results" |
sed 's/\([0-9a-f]\{10\}\)[0-9a-f]\{30\}/\1/g' | cut -c 1-300

total=$(wc -l <"$results")
differ=$(grep -c '^differ ' "$results")
errors=$(grep -c '^error ' "$results")
ended=$(grep -c '^[a-z]* [0-9a-f]\{40\} ' "$results")
if test $differ != 0 || test $errors != 0
then
	echo "differential: $differ differences, $errors harness errors;" \
		"see $work/failures; random-N is tests/random-dag.py $seed N"
	test $errors = 0 || exit 2
	exit 1
fi
test $total = $((count + 3)) || die "only $total of $((count + 3)) checks ran"
# Most sessions must find a first bad commit (some end on skipped
# commits): otherwise they compare nothing of interest.
test $((ended * 10)) -ge $((total * 7)) ||
	die "only $ended of $total sessions found a first bad commit"
echo "differential: $count random histories + 3 git.git ranges:" \
	"all identical ($ended sessions found the first bad commit)"
