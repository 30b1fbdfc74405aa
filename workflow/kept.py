"""workflow/kept.py — is a store's work only its making?

    xproj db log --json STORE.keep | python3 workflow/kept.py STORE.keep

A rule that makes a store (a shard's `db import`, a language's `db merge`)
leaves a hard link to it, STORE.keep, beside it.  Snakemake deletes a
rule's outputs before it runs the rule again (an edited subtitle file, a
changed option), and a store is an ordinary one that people correct
(`xproj db modify`, the workbench): the rerun replaced it, every
correction gone, exit 0.  The link keeps the store's file when its name is
deleted; before the rule makes the store again, this reads the kept
store's history (`xproj db log --json`): exit 0 when nothing was done to
it after its making (its last create, migrate, import run, carry over or
merge: a merged store's history holds its inputs' lines before its merge),
so the rule may remove it; else exit 1, saying what it holds and what to
do, and the kept store stays.
"""
import json
import sys

MAKING = {"create", "migrate", "import run", "carry over", "merge"}


def main():
    kept = sys.argv[1]
    log = json.load(sys.stdin)
    last = max((i for i, e in enumerate(log) if e.get("action") in MAKING), default=-1)
    work = log[last + 1:]
    if not work:
        return 0
    actions = sorted({e["action"] for e in work})
    store = kept[:-len(".keep")] if kept.endswith(".keep") else kept
    sys.stderr.write(
        f"{kept}: the store {store} holds {len(work)} action(s) done after it was made "
        f"({', '.join(actions)}; the last {work[-1].get('created', '?')}): this rerun would make it "
        f"again without them.  They are kept in {kept}: merge them into a store of your own "
        f"(xproj db merge MINE.db {kept}), then remove {kept} (and its -wal and -shm) and run again\n")
    return 1


if __name__ == "__main__":
    sys.exit(main())
