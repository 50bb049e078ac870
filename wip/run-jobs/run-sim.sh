#!/bin/sh
# run.sh <repo> <noise> <target> <trials> <jobs> <rule> [extra...]
repo=$1 noise=$2 target=$3 trials=$4 j=$5 rule=$6; shift 6
T=/work/main/build/2.55.0/git/t/helper/test-tool
cd $repo && $T bisect-sim --noise=$noise --target=$target --trials=$trials --seed=101 --jobs=$j --batch=$rule "$@" bad good |
awk -v tag="$noise t=$target k=$j $rule $*" '{n++; if ($2==$3) r++; t+=$4; rd+=($5==""?$4:$5)} END {printf "%-45s right %.3f tests %6.1f rounds %6.1f\n", tag, r/n, t/n, rd/n}'
