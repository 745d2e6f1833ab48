"""Prints a table of medians from the results of a round-robin run.

Usage: table.py [--p10] [--pairs] RESULTS TIME REFERENCE NAME...

RESULTS has one line per timed run: "NAME key=value key=value ...". TIME is
the key of the time column (milliseconds); REFERENCE is the name the other
rows are compared with ("-" for none). Memory keys, when present, are shown
in MiB: rss_kib (VmRSS), anon_kib (RssAnon), file_kib (RssFile), maxrss_kib
(peak, ru_maxrss). Any other *_ms key is shown as a further median column. A
run with "answered=0" (no answer, or not the expected one) is left out and
reported; so is one with a non-zero "exit" (a round trip whose client
failed). Rows come in the order of the NAMEs given. --p10 adds the 10th
percentile of TIME (for times with a random wait in them, such as a
compositor's repaint phase). --pairs: the NAMEs come in pairs (a program,
then its peer with the same input), and a line under the table gives each
pair's ratio of TIME; when there are other *_ms columns (cpu_ms), one line
a pair gives the ratio of each.
"""

import statistics
import sys

MEMORY = (
    ("rss_kib", "RSS"),
    ("anon_kib", "Anon"),
    ("file_kib", "File"),
    ("maxrss_kib", "MaxRSS"),
)


def main() -> None:
    args = sys.argv[1:]
    p10 = "--p10" in args[:2]
    paired = "--pairs" in args[:2]
    path, time_key, reference, *names = args[p10 + paired:]
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in names}
    failed: dict[str, int] = {name: 0 for name in names}
    unanswered: dict[str, int] = {name: 0 for name in names}
    for line in open(path, encoding="utf-8"):
        name, *pairs = line.split()
        if name in runs:
            run = {k: float(v) for k, v in (p.split("=", 1) for p in pairs)}
            if run.pop("answered", 1) == 0:
                unanswered[name] += 1
            elif run.pop("exit", 0) != 0:
                failed[name] += 1
            else:
                runs[name].append(run)

    def median(name: str, key: str) -> float | None:
        values = [r[key] for r in runs[name] if key in r and r[key] >= 0]
        return statistics.median(values) if values else None

    keys = {k for rows in runs.values() for r in rows for k in r}
    memory = [(k, label) for k, label in MEMORY if k in keys]
    extra = sorted(k for k in keys if k.endswith("_ms") and k != time_key)
    ref_ms = median(reference, time_key) if reference in runs else None

    width = max([22] + [len(name) for name in names])
    header = f"{'name':<{width}} {'n':>3} {time_key:>9} {'min-max':>13}"
    header += f" {'p10':>7}" if p10 else ""
    header += "".join(f" {k:>10}" for k in extra)
    header += "".join(f" {label + ' MiB':>{max(9, len(label) + 4)}}" for _, label in memory)
    if ref_ms:
        header += f" {'x ' + reference:>14}" + "".join(f" {'+' + label:>7}" for _, label in memory)
    print(header)
    for name in names:
        if not runs[name]:
            print(f"{name:<{width}} {0:>3}  all runs failed")
            continue
        times = [r[time_key] for r in runs[name]]
        row = f"{name:<{width}} {len(times):>3} {median(name, time_key):>9.1f}"
        row += f" {f'{min(times):.1f}-{max(times):.1f}':>13}"
        if p10:
            row += f" {statistics.quantiles(times, n=10)[0] if len(times) > 1 else times[0]:>7.1f}"
        for k in extra:
            value = median(name, k)
            row += f" {value:>10.1f}" if value is not None else f" {'-':>10}"
        mib = {k: (median(name, k) or 0) / 1024 for k, _ in memory}
        row += "".join(f" {mib[k]:>{max(9, len(label) + 4)}.1f}" for k, label in memory)
        if ref_ms:
            row += f" {median(name, time_key) / ref_ms:>14.3f}"
            for k, _ in memory:
                ref = (median(reference, k) or 0) / 1024
                row += f" {mib[k] - ref:>+7.2f}"
        print(row)
    for name in names:
        if unanswered[name]:
            print(f"  {name}: {unanswered[name]} run(s) did not answer as expected, not counted")
        if failed[name]:
            print(f"  {name}: {failed[name]} run(s) ended with a failing client, not counted")
    if paired:

        def ratio(first: str, second: str, key: str) -> str:
            a, b = median(first, key), median(second, key)
            return f"{a / b:.2f}" if a and b else "-"

        pairs = list(zip(names[::2], names[1::2]))
        if not extra:
            print("x peer: " + ", ".join(f"{a} / {b} {ratio(a, b, time_key)}" for a, b in pairs))
        else:
            print("x peer (median / median):")
            for a, b in pairs:
                each = ", ".join(f"{key} {ratio(a, b, key)}" for key in [time_key, *extra])
                print(f"  {a} / {b}: {each}")


if __name__ == "__main__":
    main()
