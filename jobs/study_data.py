"""A study run's replaced data files (`StudyRun.data`): files a game ships in its data
package, handed to the run job as the `--data NAME=FILE` items `run` takes, so they pass
the same loader and checks and the manifest records their source and SHA-256."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from simcore.core.contract.plugin import GamePlugin, StudyRun
from simcore.core.errors import InputError


def shipped_data(plugin: GamePlugin, run: StudyRun) -> tuple[str, ...]:
    """`NAME=PATH` per replaced data file; a name the game lacks, a path rather than a
    file name, or a file its package does not ship: one line (InputError)."""
    files = {f.name: f for f in plugin.data_files}
    out = []
    for name, file in run.data:
        where = f"study run {run.folder}: data {name}={file}"
        if name not in files:
            raise InputError(f"{where}: {plugin.name} has no data file of that name; "
                             f"its data files: {', '.join(files) or 'none'}")  # fmt: skip
        package = files[name].package
        if not file or Path(file).name != file or file in (".", ".."):
            raise InputError(f"{where}: give the name of a file shipped in {package}, not a path")
        path = Path(str(resources.files(package).joinpath(file)))
        if not path.is_file():
            raise InputError(f"{where}: {package} ships no such file")
        out.append(f"{name}={path}")
    return tuple(out)
