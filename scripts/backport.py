#!/usr/bin/env python3
"""Carry a file the series adds on Git 2.55.0 back to Git 2.39.5.

Usage: backport.py <path> <file
       backport.py --path <path>

Reads the 2.55.0 version of <path> on standard input and writes what the
2.39.5 series must hold at <path> (or its .txt name for a .adoc): the
same text with the named adaptations below, each a difference between
the two upstream releases that the series has to follow (an API that
was renamed, a header that was split, a message that quotes its terms,
a test helper that did not exist).  tests/check-bases.sh checks that
every file both series add is exactly this product, so that the
2.39.5 series cannot drift from the one written on 2.55.0.  With
--path, prints the name 2.39.5 gives a file the 2.55.0 series adds, and
exits 1 if 2.39.5 does not carry it.
"""

import fnmatch
import re
import sys

C = ("*.c", "*.h")
TESTS = ("t/*.sh",)
ALL = ("*",)

# (why, files, pattern, replacement[, only in a text that matches this]);
# applied in order, each as a regex.
RULES = [
    # headers: 2.39.5 has cache.h where 2.55.0 has git-compat-util.h and
    # the headers split out of cache.h since
    ("no USE_THE_REPOSITORY_VARIABLE before 2.47", C,
     r"(?:/\* .* \*/\n)?#define USE_THE_REPOSITORY_VARIABLE\n\n", ""),
    ("cache.h, not git-compat-util.h, where cache.h's declarations are "
     "used: those later split out to hex.h and setup.h, or hash.h", C,
     r'#include "git-compat-util.h"\n((?:.*\n)*?#include "(?:hex|setup|hash)\.h")',
     r'#include "cache.h"\n\1'),
    ("no hex.h or setup.h before 2.40, hash.h, path.h and strbuf.h come "
     "with cache.h", C,
     r'#include "(?:hex|setup|hash|path|strbuf)\.h"\n', "",
     r'#include "cache\.h"'),
    # APIs renamed or changed since 2.39.5
    ("commit_list_copy() was copy_commit_list()", C,
     r"\bcommit_list_copy\(", "copy_commit_list("),
    ("commit_list_free() was free_commit_list()", C,
     r"\bcommit_list_free\(", "free_commit_list("),
    ("string_list_split_in_place() took a char", C,
     r'(string_list_split_in_place\([^;]*?)"(\\n| )"', r"\1'\2'"),
    ("repo_format_commit_message() came in 2.42", C,
     r"repo_format_commit_message\(the_repository, ", "format_commit_message("),
    ("setup_git_directory() took no repository", C,
     r"setup_git_directory\(the_repository\)", "setup_git_directory()"),
    ("setup_revisions_from_strvec() came in 2.51", C,
     r"setup_revisions_from_strvec\(&(\w+), ", r"setup_revisions(\1.nr, \1.v, "),
    ("hasheq() took no algorithm: hasheq_algop()", C,
     r"\bhasheq\(([^;]*?), algo\)", r"hasheq_algop(\1, algo)"),
    ("-Wsign-compare is not in 2.39.5's DEVELOPER flags", C,
     r"\(size_t\)(nr)\b", r"\1"),
    ("refs_for_each_ref_ext() came in 2.53: for_each_ref_in() and a "
     "callback of three arguments", C,
     r"static int register_skipped\(const struct reference \*ref, void \*cb_data\)\n"
     r"\{\n\toid_array_append\(cb_data, ref->oid\);",
     "static int register_skipped(const char *refname UNUSED,\n"
     "\t\t\t    const struct object_id *oid,\n"
     "\t\t\t    int flags UNUSED, void *cb_data)\n"
     "{\n\toid_array_append(cb_data, oid);"),
    ("refs_for_each_ref_ext() came in 2.53: its options go", C,
     r"\tstruct refs_for_each_ref_options \w+ = \{\n\t\t\.prefix = \"[^\"]*\",\n\t\};\n",
     ""),
    ("refs_for_each_ref_ext() came in 2.53: for_each_ref_in()", C,
     r"refs_for_each_ref_ext\(get_main_ref_store\((?:the_repository|r)\),\n[\t ]*"
     r"register_skipped, ([^,]*), &(uncertain|skipped)_refs\);",
     lambda m: 'for_each_ref_in("refs/bisect/%s", register_skipped, %s);'
     % ("uncertain/" if m.group(2) == "uncertain" else "skip-", m.group(1))),
    # messages: 2.55.0 quotes the terms ("the first 'bad' commit")
    ("terms unquoted in 2.39.5's messages", C,
     r"first '%s' commit", "first %s commit"),
    ("terms unquoted in 2.39.5's messages (tests)", TESTS,
     r"first \$\{SQ\}(\$\{4:-bad\}|\$term|\w+)\$\{SQ\} commit", r"first \1 commit"),
    ("terms unquoted in 2.39.5's messages (tests)", TESTS,
     r"is more likely \$\{SQ\}(\w+)\$\{SQ\} than \$\{SQ\}(\w+)\$\{SQ\}",
     r"is more likely \1 than \2"),
    ("terms unquoted in 2.39.5's messages (documentation)", ("Documentation/*",),
     r"first '(\w+)' commit", r"first \1 commit"),
    # tests: test_grep came in 2.43
    ("test_i18ngrep, not test_grep, before 2.43", TESTS,
     r"\btest_grep\b", "test_i18ngrep"),
    # documentation is .txt before 2.48
    ("Documentation/*.adoc were .txt", ALL,
     r"(Documentation/[\w-]+)\.adoc\b", r"\1.txt"),
]


# Files named differently on 2.39.5: t9904 is taken on 2.55.0, and the
# documentation was .txt before 2.48.
RENAMED = {"t/t9905-completion-bisect.sh": "t/t9904-completion-bisect.sh"}

# Files the 2.55.0 series adds that 2.39.5 does not carry: it has no
# unit-test framework (clar), and tests the fixed-point helpers through
# test-tool and a test script of its own instead.
NOT_CARRIED = {"t/unit-tests/u-fixedpoint.c"}


def old_path(path):
    """The name on 2.39.5 of a file the 2.55.0 series adds, or None."""
    if path in NOT_CARRIED:
        return None
    if path in RENAMED:
        return RENAMED[path]
    if path.startswith("Documentation/") and path.endswith(".adoc"):
        return path[:-len(".adoc")] + ".txt"
    return path


def backport(path, text):
    for why, globs, pattern, repl, *only_if in RULES:
        if not any(fnmatch.fnmatch(path, g) for g in globs):
            continue
        if only_if and not re.search(only_if[0], text):
            continue
        text = re.sub(pattern, repl, text)
    return text


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--path":
        # the 2.39.5 name, or nothing (exit 1) for a file not carried
        name = old_path(sys.argv[2])
        if name is None:
            sys.exit(1)
        print(name)
        return
    if len(sys.argv) != 2:
        sys.exit("usage: backport.py <path> <file\n"
                 "       backport.py --path <path>")
    sys.stdout.write(backport(sys.argv[1], sys.stdin.read()))


if __name__ == "__main__":
    main()
