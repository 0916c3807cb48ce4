"""Writes where the teacher can: the teacher's home, the other bots' files beside it, the kit's
own package, the folder the tournament was started in, and ``/tmp``, where every user may
(issue 35: tenpennies/PWNED_BY_BOT.py)."""

import os
import sys
from pathlib import Path

NAME = "PWNED_BY_BOT"


def targets() -> list[Path]:
    here = Path(__file__).resolve()
    kit = Path(sys.modules["tenpennies"].__file__).parent
    homes = {Path(line.split(":")[5]) for line in Path("/etc/passwd").read_text().splitlines()
             if line.count(":") >= 6 and (line.split(":")[2] == "0" or int(line.split(":")[2]) >= 1000)}
    try:
        beside = [p for p in here.parent.glob("*.py") if p != here]
    except OSError:  # a folder its user may not list: its classmates' files are known by name
        beside = []
    beside += [here.parent / "ada.py", here.parent / "ben.py"]
    started_in = Path(os.environ.get("PWD", "/"))
    found = {*(h / NAME for h in homes), kit / f"{NAME}.py", *beside, started_in / NAME, Path("/tmp") / NAME}
    return sorted(p for p in found if Path.cwd() not in p.parents)  # (its own folder is its own)


def attack() -> str:
    wrote = []
    for target in targets():
        try:
            with open(target, "a") as f:
                f.write("# written by a hostile bot\n")
            wrote.append(str(target))
        except OSError:
            pass
    return f"wrote {len(wrote)} files outside its folder" + (f": {', '.join(wrote)}" if wrote else "")


class WritesOutside:
    def __init__(self, seed=0):
        pass

    def act(self, view):
        raise RuntimeError(attack())
