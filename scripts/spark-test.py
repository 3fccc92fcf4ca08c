#!/usr/bin/env python3
"""Spark integration test for `measure stream` (issue 15, part 3).

Runs a corpus through Apache Spark in local mode, one long-lived `measure stream --db shard-<partition>.db` per
partition, merges the shard databases with `measure db merge`, runs the same jobs through ONE `measure stream --db
single.db`, and checks that
  (a) every job is answered exactly once, by id, with the same result line as the single process, and
  (b) `measure db export --format ndjson` of the merged and of the single database, `measured_at` removed and the
      lines sorted, are byte for byte equal.
Prints the wall time of the Spark run and of the single process. Exits 0 when both checks pass, 1 when they fail,
2 when something it needs (Java, pip/PyPI, the binary, the corpus) is missing.

  python3 scripts/spark-test.py --measure .build/release/measure

The virtual environment with the pinned pyspark is created on first use in `.venv-spark/` at the repository root
(git-ignored; `--venv DIR` to put it elsewhere) and reused afterwards. The script re-runs itself inside it.
"""

import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

PYSPARK_VERSION = "3.5.3"  # supports Java 8/11/17; pinned so that every run tests the same Spark
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WIDTHS = (0, 200, 320)  # jobs rotate through these widths (0 = unconstrained), so a shard sees several settings


def fail(code, message):
    print(f"spark-test: {message}", file=sys.stderr)
    sys.exit(code)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--measure", required=True, help="path of the measure binary")
    p.add_argument("--corpus", default=os.path.join(ROOT, "corpora", "build"),
                   help="folder of *.txt corpora in the batch format (make corpora)")
    p.add_argument("--per-file", type=int, default=300, help="lines taken from each corpus file (default 300)")
    p.add_argument("--partitions", type=int, default=4, help="Spark partitions, at least 4 (default 4)")
    p.add_argument("--master", default="local[2]", help="Spark master (default local[2])")
    p.add_argument("--size", default="17", help="--size of every stream (default 17)")
    p.add_argument("--shard-threads", type=int, default=1,
                   help="--threads of each partition's stream (default 1: local[2] runs two tasks on two cores)")
    p.add_argument("--single-threads", type=int, default=0,
                   help="--threads of the single process (default 0 = all cores)")
    p.add_argument("--workdir", help="where the databases go (default: a new temporary folder, removed on success)")
    p.add_argument("--venv", default=os.path.join(ROOT, ".venv-spark"), help="virtual environment for pyspark")
    p.add_argument("--inject-fault", choices=["drop", "change"],
                   help="corrupt the Spark results on purpose (drop one, or change one) to show the check fails")
    args = p.parse_args()
    if args.partitions < 4:
        p.error("--partitions must be at least 4")
    return args


# ---- environment ------------------------------------------------------------------------------------------------

def ensure_venv(venv):
    """Creates or reuses the venv with the pinned pyspark, and re-executes this script inside it."""
    python = os.path.join(venv, "bin", "python")
    stamp = os.path.join(venv, "pyspark-version")
    if os.path.realpath(sys.prefix) == os.path.realpath(venv):
        return  # already inside it
    have = open(stamp).read().strip() if os.path.exists(stamp) else None
    if have != PYSPARK_VERSION:
        print(f"spark-test: creating {venv} with pyspark=={PYSPARK_VERSION} (once; reused afterwards)", flush=True)
        shutil.rmtree(venv, ignore_errors=True)
        try:
            subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        except (subprocess.CalledProcessError, OSError) as e:
            fail(2, f"cannot create a virtual environment ({e}); on Debian: apt-get install python3-venv")
        r = subprocess.run([python, "-m", "pip", "install", "--disable-pip-version-check", "-q",
                            f"pyspark=={PYSPARK_VERSION}"])
        if r.returncode != 0:
            fail(2, f"pip could not install pyspark=={PYSPARK_VERSION} from PyPI (exit {r.returncode}; see above)")
        with open(stamp, "w") as f:
            f.write(PYSPARK_VERSION + "\n")
    os.execv(python, [python, os.path.abspath(__file__)] + sys.argv[1:])


def check_java():
    java = shutil.which("java") or (os.path.join(os.environ["JAVA_HOME"], "bin", "java")
                                    if os.environ.get("JAVA_HOME") else None)
    if not java or not os.access(java, os.X_OK):
        fail(2, "no java on PATH (nor in $JAVA_HOME); Spark needs Java 17: apt-get install openjdk-17-jre-headless")
    r = subprocess.run([java, "-version"], capture_output=True, text=True)
    m = re.search(r'version "(\d+)', r.stderr)
    if r.returncode != 0 or not m:
        fail(2, f"`{java} -version` failed: {r.stderr.strip()}")
    if int(m.group(1)) not in (8, 11, 17):
        fail(2, f"pyspark {PYSPARK_VERSION} runs on Java 8, 11 or 17; `java -version` says {m.group(1)}")


def check_binary(path):
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        fail(2, f"the measure binary {path!r} is missing or not executable (make spark builds it)")
    r = subprocess.run([path, "--version"], capture_output=True, text=True)
    if r.returncode != 0:
        fail(2, f"`{path} --version` failed (exit {r.returncode}): {r.stderr.strip()}")
    return r.stdout.strip()


# ---- jobs -------------------------------------------------------------------------------------------------------

def unescape(line):
    """The batch format's escapes: \\n, \\t, \\\\ (README, `measure batch`)."""
    return re.sub(r"\\([nt\\])", lambda m: {"n": "\n", "t": "\t", "\\": "\\"}[m.group(1)], line)


def make_jobs(corpus, per_file):
    files = sorted(glob.glob(os.path.join(corpus, "*.txt")))
    if not files:
        fail(2, f"no corpus in {corpus} (run `make corpora`)")
    jobs = []
    for path in files:
        name = os.path.splitext(os.path.basename(path))[0]
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if number > per_file:
                    break
                line = line.rstrip("\n")
                if not line:
                    continue  # a blank line gives no answer in a stream
                job = {"id": f"{name}:{number}", "text": unescape(line), "width": WIDTHS[len(jobs) % len(WIDTHS)]}
                jobs.append(json.dumps(job, ensure_ascii=False))
    return jobs


def result_id(line):
    try:
        return json.loads(line)["id"]
    except (ValueError, KeyError, TypeError):
        return None


# ---- running ----------------------------------------------------------------------------------------------------

def stream_command(measure, db, size, threads):
    command = [measure, "stream", "--size", size, "--db", db]
    return command + (["--threads", str(threads)] if threads > 0 else [])  # none given: all cores


def run_stream(command, lines):
    """Feeds `lines` to one `measure stream` and returns (its output lines, its stderr); raises on a bad exit."""
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def feed():
        try:
            for line in lines:
                process.stdin.write(line.encode("utf-8") + b"\n")
        finally:
            process.stdin.close()

    errors = []
    err_thread = threading.Thread(target=lambda: errors.append(process.stderr.read()))
    feeder = threading.Thread(target=feed)
    err_thread.start()
    feeder.start()
    out = [line.decode("utf-8").rstrip("\n") for line in process.stdout]
    feeder.join()
    err_thread.join()
    status = process.wait()
    stderr = errors[0].decode("utf-8", "replace") if errors else ""
    if status != 0:
        raise RuntimeError(f"{' '.join(command)} exited {status}: {stderr.strip()}")
    return out, stderr


def run_spark(args, jobs, workdir):
    from pyspark.sql import SparkSession

    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    if args.master.startswith("local"):
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")  # no "hostname resolves to a loopback address" warning
    started = time.monotonic()
    spark = (SparkSession.builder.master(args.master).appName("textsize-spark-test")
             .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false").config("spark.sql.shuffle.partitions", str(args.partitions))
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    session_seconds = time.monotonic() - started

    measure, size, threads = args.measure, args.size, args.shard_threads

    def per_partition(index, iterator):
        # One long-lived worker per partition: the glyph-advance and segment caches stay warm for all its jobs.
        command = stream_command(measure, os.path.join(workdir, f"shard-{index}.db"), size, threads)
        started = time.monotonic()
        out, stderr = run_stream(command, iterator)
        yield (index, out, (stderr.strip().splitlines() or [""])[-1], time.monotonic() - started)

    started = time.monotonic()
    parts = (spark.sparkContext.parallelize(jobs, args.partitions)
             .mapPartitionsWithIndex(per_partition).collect())
    spark_seconds = time.monotonic() - started
    spark.stop()
    return parts, session_seconds, spark_seconds


def export_stripped(measure, db):
    r = subprocess.run([measure, "db", "export", db, "--format", "ndjson"], capture_output=True)
    if r.returncode != 0:
        fail(1, f"measure db export {db} exited {r.returncode}: {r.stderr.decode('utf-8', 'replace').strip()}")
    lines = r.stdout.decode("utf-8").splitlines()
    stripped = [re.sub(r', "measured_at": "[^"]*"\}$', "}", line) for line in lines]
    if any('"measured_at"' in line for line in stripped):
        fail(1, f"measure db export {db}: a measured_at member not at the end of its line; update the script")
    return sorted(stripped)


def main():
    args = parse_args()
    args.measure = os.path.abspath(args.measure)
    version = check_binary(args.measure)
    check_java()
    ensure_venv(os.path.abspath(args.venv))
    try:
        import pyspark
    except ImportError:
        fail(2, f"pyspark is not importable in {sys.prefix}; remove that folder to have it created again")

    jobs = make_jobs(args.corpus, args.per_file)
    print(f"spark-test: {version}, pyspark {pyspark.__version__}, {len(jobs)} jobs from {args.corpus} "
          f"(≤{args.per_file} lines per file), {args.partitions} partitions on {args.master}", flush=True)
    workdir = args.workdir or tempfile.mkdtemp(prefix="textsize-spark-")
    os.makedirs(workdir, exist_ok=True)
    for old in glob.glob(os.path.join(workdir, "*.db*")):
        os.remove(old)  # a reused --workdir must not answer from an earlier run

    try:
        parts, session_seconds, spark_seconds = run_spark(args, jobs, workdir)
    except Exception as e:  # a worker's RuntimeError reaches the driver wrapped in a Py4J/Spark exception
        message = str(e)
        found = re.search(r"RuntimeError: (.*)", message)
        fail(1, f"the Spark run failed: {found.group(1) if found else message.strip().splitlines()[0]}")
    parts.sort()
    spark_lines = [line for _, out, _, _ in parts for line in out]
    for index, out, tail, seconds in parts:
        print(f"  partition {index}: {len(out)} results in {seconds:.2f} s (its measure stream), {tail}")
    if args.inject_fault == "drop":
        spark_lines.pop(len(spark_lines) // 2)
    elif args.inject_fault == "change":
        i = len(spark_lines) // 2
        spark_lines[i] = spark_lines[i].replace('"lines": ', '"lines": 1', 1)

    shards = sorted(glob.glob(os.path.join(workdir, "shard-*.db")))
    if len(shards) != args.partitions:
        fail(1, f"expected {args.partitions} shard databases in {workdir}, found {len(shards)}")
    merged = os.path.join(workdir, "merged.db")
    started = time.monotonic()
    r = subprocess.run([args.measure, "db", "merge", merged] + shards, capture_output=True, text=True)
    merge_seconds = time.monotonic() - started
    if r.returncode != 0:
        fail(1, f"measure db merge exited {r.returncode}: {r.stderr.strip()} {r.stdout.strip()}")
    print(f"  merge ({merge_seconds:.2f} s): " + (r.stdout.strip().splitlines() or [""])[-1])

    single = os.path.join(workdir, "single.db")
    started = time.monotonic()
    try:
        single_lines, single_err = run_stream(stream_command(args.measure, single, args.size, args.single_threads),
                                              jobs)
    except RuntimeError as e:
        fail(1, f"the single process failed: {e}")
    single_seconds = time.monotonic() - started

    # (a) every job answered exactly once, with the single process's line.
    problems = []
    expected = {}
    for line in single_lines:
        expected.setdefault(result_id(line), []).append(line)
    job_ids = [json.loads(job)["id"] for job in jobs]
    if len(single_lines) != len(jobs) or sorted(expected) != sorted(job_ids):
        problems.append(f"the single process gave {len(single_lines)} results for {len(jobs)} jobs")
    got = {}
    for line in spark_lines:
        got.setdefault(result_id(line), []).append(line)
    for job_id in job_ids:
        answers = got.get(job_id, [])
        if len(answers) != 1:
            problems.append(f"job {job_id!r}: answered {len(answers)} times by the Spark run")
        elif answers != expected.get(job_id):
            problems.append(f"job {job_id!r}: Spark {answers[0]}\n    single {expected.get(job_id, ['-'])[0]}")
    for extra in sorted(set(got) - set(job_ids), key=str):
        problems.append(f"the Spark run answered {extra!r}, which is no job's id")
    errors = sum('"error"' in line for line in single_lines)

    # (b) the merged shard databases hold exactly what the single database holds.
    merged_rows, single_rows = export_stripped(args.measure, merged), export_stripped(args.measure, single)
    if not single_rows:
        problems.append("the single database is empty")
    if merged_rows != single_rows:
        only_m, only_s = set(merged_rows) - set(single_rows), set(single_rows) - set(merged_rows)
        problems.append(f"db export differs: {len(merged_rows)} merged rows vs {len(single_rows)} single rows, "
                        f"{len(only_m)} only in merged, {len(only_s)} only in single")

    rate = lambda seconds: f"{len(jobs) / seconds:,.0f} jobs/s" if seconds > 0 else "-"
    single_tail = (single_err.strip().splitlines() or [""])[-1]
    print(f"  single: {len(single_lines)} results ({errors} errors) in {single_seconds:.2f} s, {single_tail}")
    print(f"spark-test: Spark run {spark_seconds:.2f} s ({rate(spark_seconds)}; session start "
          f"{session_seconds:.2f} s more), single process {single_seconds:.2f} s ({rate(single_seconds)})")
    print(f"spark-test: {len(merged_rows)} stored sizes; databases in {workdir}")
    if problems:
        for problem in problems[:20]:
            print(f"spark-test: FAIL {problem}", file=sys.stderr)
        if len(problems) > 20:
            print(f"spark-test: … and {len(problems) - 20} more", file=sys.stderr)
        fail(1, f"the Spark run differs from the single process ({len(problems)} problems); databases kept in {workdir}")
    print(f"spark-test: OK — {len(jobs)} jobs answered once each, as the single process answers them; merged "
          f"shard databases equal the single database ({len(single_rows)} rows, measured_at left out)")
    if not args.workdir:
        shutil.rmtree(workdir)


if __name__ == "__main__":
    main()
