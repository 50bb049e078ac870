# Sourced by the scripts that keep their output in a log under build/,
# so that each stage shows one line on screen.
#
# log_to <log> <what>: print "<what> (log: <log>)", then send all further
# output of the script to <log>.  If the script then fails, the last 30
# lines of <log> and its path are printed on its original stderr.

log_to () {
	log_file=$1
	mkdir -p "$(dirname "$log_file")" || exit
	case $log_file in
	"$PWD"/*) log_shown=${log_file#"$PWD"/} ;;
	*) log_shown=$log_file ;;
	esac
	echo "$2 (log: $log_shown)"
	exec 3>&2 >"$log_file" 2>&1
	trap 'log_status=$?; test $log_status = 0 || log_failed; exit $log_status' EXIT
}

log_failed () {
	{
		echo "--- the last 30 lines of $log_shown:"
		tail -n 30 "$log_file"
		echo "error: failed (exit status $log_status); the full log is $log_shown"
	} >&3
}
