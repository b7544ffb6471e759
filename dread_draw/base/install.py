"""How this copy of Dread Draw was installed, to tell a player the command that adds what is
missing in *their* installation (pipx, uv tool, or pip in an environment).

Dread Draw is not published on the package index: a hint never names ``dread-draw`` as
something to download (anyone could register that name), only the folder it was installed
from, or the published packages it needs.
"""

from __future__ import annotations

import json
import shlex
import sys
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path, PurePath
from urllib.parse import unquote, urlparse

# The `web` extra's requirements, with their pins (pyproject.toml [project.optional-dependencies]
# web; a test keeps the two in step): all published on the package index. A hint names them
# with the pins: serve relies on the textual-serve release tested.
WEB_PACKAGES = ("textual-serve==1.1.3", "aiohttp>=3.9")
UV_RECEIPT = "uv-receipt.toml"  # what uv writes in each tool's environment
PIPX_METADATA = "pipx_metadata.json"  # and pipx in each of its


@dataclass(frozen=True)
class Installed:
    """What the installed distribution says about itself."""

    prefix: str  # sys.prefix: the environment it runs in
    installer: str  # the INSTALLER file: "pip", "uv", … ("" if none)
    source: str | None  # the local folder it was installed from (direct_url.json), if any
    editable: bool
    python: str  # the interpreter of that environment
    uv_receipt: bool = False  # the environment is a uv tool's (wherever UV_TOOL_DIR put it)
    pipx_metadata: bool = False  # the environment is pipx's (wherever PIPX_HOME put it)

    @property
    def tool(self) -> str:
        """"pipx", "uv" (a uv tool) or "pip" (an environment of one's own)."""
        parts = PurePath(self.prefix).parts
        if self.pipx_metadata or ("pipx" in parts and "venvs" in parts):
            return "pipx"
        if self.uv_receipt or ("tools" in parts and ("uv" in parts or self.installer == "uv")):
            return "uv"
        return "pip"


def installed() -> Installed:
    """This copy's installation, read from its metadata (a checkout on PYTHONPATH: pip)."""
    installer, source, editable = "", None, False
    try:
        dist = metadata.distribution("dread-draw")
        installer = (dist.read_text("INSTALLER") or "").strip()
        url = json.loads(dist.read_text("direct_url.json") or "null") or {}
    except (metadata.PackageNotFoundError, ValueError):
        url = {}
    if isinstance(url, dict) and str(url.get("url", "")).startswith("file://"):
        source = unquote(urlparse(str(url["url"])).path)
        info = url.get("dir_info")
        editable = bool(isinstance(info, dict) and info.get("editable"))
    prefix = Path(sys.prefix)
    return Installed(sys.prefix, installer, source, editable, sys.executable,
                     (prefix / UV_RECEIPT).is_file(), (prefix / PIPX_METADATA).is_file())


def web_extra_command(where: Installed | None = None) -> str:
    """The command that adds the `web` extra to this installation."""
    where = installed() if where is None else where
    if where.tool == "pipx":
        return "pipx inject dread-draw " + " ".join(shlex.quote(p) for p in WEB_PACKAGES)
    if where.tool == "uv":  # its own `web` extra, pins and all (a uv tool has no pip)
        return "uv tool install --force " + shlex.quote(f"{where.source or '.'}[web]")
    target = shlex.quote(f"{where.source or '.'}[web]")
    editable = "-e " if where.editable else ""
    python = shlex.quote(where.python) if Path(where.python).name else "python3"
    return f"{python} -m pip install {editable}{target}"


def from_source_folder(where: Installed | None = None) -> bool:
    """Whether the command must be run in Dread Draw's source folder ("." stands for it)."""
    where = installed() if where is None else where
    return where.tool != "pipx" and where.source is None
