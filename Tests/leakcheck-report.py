"""Reads valgrind memcheck logs and fails if a definitely-lost block was
allocated by project code. Prints the totals either way.

A block counts as the project's when the first frame of its allocation
stack that is not an allocator (malloc, g_malloc, g_strdup, swift_allocObject
and the like) is in project code: a .swift file or the login-form binary.
Blocks whose first such frame is inside a library (fontconfig's caches, for
one) are the library's own, even when project code is further down the
stack."""

import re
import sys

ALLOCATOR = re.compile(
    r": (malloc|calloc|realloc|memalign|posix_memalign|operator new\S*|"
    r"g_malloc\w*|g_realloc\w*|g_try_malloc\w*|g_strdup\w*|g_strndup|g_memdup\w*|"
    r"g_slice_\w+|swift_slowAlloc|swift_allocObject) ")
FRAME = re.compile(r"==\d+==\s+(?:at|by) 0x[0-9A-F]+: (.*)")
PROJECT = re.compile(r"\.swift:\d+\)|\(in \S*/login-form\)")


def is_projects(block):
    for line in block.splitlines():
        frame = FRAME.match(line)
        if not frame or ALLOCATOR.search(line):
            continue
        return bool(PROJECT.search(frame.group(1)))
    return False


failed = False
for path in sys.argv[1:]:
    text = open(path, encoding="utf-8", errors="replace").read()
    summary = re.search(r"definitely lost: ([\d,]+) bytes in ([\d,]+) blocks", text)
    total = f"{summary.group(1)} bytes in {summary.group(2)} blocks" if summary else "0 bytes"
    records = [b for b in re.split(r"\n==\d+== \n", text) if "definitely lost in loss record" in b]
    ours = [b for b in records if is_projects(b)]
    project_bytes = sum(
        int(re.search(r"([\d,]+)(?: \([\d,]+ direct)? bytes", b).group(1).replace(",", ""))
        for b in ours)
    print(f"{path.rsplit('/', 1)[-1]}: definitely lost {total} in all, "
          f"{project_bytes} bytes from project code")
    for block in ours:
        print(block)
    failed = failed or project_bytes > 0
sys.exit(1 if failed else 0)
