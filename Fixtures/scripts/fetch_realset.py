#!/usr/bin/env python3
"""Copy the gathered real sleeve images into OUT beside their truth.

    python3 Fixtures/scripts/fetch_realset.py OUT

Fixtures/realset/truth.json names, for every image, the public repository, commit
and path it comes from. The images are not committed here (their repositories'
licences allow evaluation, and they are 14 MB); this script fetches each repository
at its pinned commit (one shallow fetch per repository, git over https) and writes
OUT/NAME for every entry, plus OUT/truth.json, so that the truth-file graders
(`score_real.py OUT --pred RECORDS`) read the set as they read any other.

Needs git and network access to github.com. Nothing in the build or the tests
uses this set.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TRUTH = os.path.join(HERE, "..", "realset", "truth.json")


def git(*args, cwd):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True).stdout


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    truth = json.load(open(TRUTH, encoding="utf-8"))
    entries = {name: e for name, e in truth.items() if not name.startswith("_")}
    by_source = {}
    for name, e in entries.items():
        src = e["source"]
        by_source.setdefault((src["repo"], src["commit"]), []).append((name, src["path"]))
    os.makedirs(out, exist_ok=True)
    for (repo, commit), files in sorted(by_source.items()):
        with tempfile.TemporaryDirectory() as work:
            git("init", "--quiet", cwd=work)
            try:
                git("fetch", "--quiet", "--depth", "1", f"https://github.com/{repo}", commit, cwd=work)
            except subprocess.CalledProcessError as err:
                sys.exit(f"{repo}@{commit[:7]}: cannot be fetched ({err.stderr.decode().strip()}); "
                         "check the network and that git is installed")
            for name, path in files:
                data = git("show", f"{commit}:{path}", cwd=work)
                tmp = os.path.join(out, name + ".part")
                with open(tmp, "wb") as f:
                    f.write(data)
                os.replace(tmp, os.path.join(out, name))
        print(f"{repo}: {len(files)} images")
    shutil.copyfile(TRUTH, os.path.join(out, "truth.json"))
    print(f"{len(entries)} images and truth.json in {out}")


if __name__ == "__main__":
    main()
