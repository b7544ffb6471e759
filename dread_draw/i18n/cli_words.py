"""Typer's and Click's own words ("Usage:", "Options", "Show this message and exit.", their
error messages) in the player's language, from this program's catalogues.

Click and Typer mark their words with gettext: a module does ``from gettext import gettext
as _`` when it is imported, so its `_` reads the system's default domain, where no catalogue
of ours is. `install` rebinds that `_` (and `ngettext`) in every module of Click and Typer
that has one to this program's own (`dread_draw.i18n`), and puts Typer's panel titles, set
once when it was imported, in the current language. The words are marked here with `N_`, in
Click's and Typer's spelling, so that the extractor puts them in every ``.po``.

Typer 0.28 and later bundle a copy of Click (``typer._click``) that has no gettext: its words
are plain strings. For it `install` puts in by hand the few a player meets: the help option's
text, "Usage:", and each error message, said again from its parts (the parameter, the value,
the range) in the player's language — an error whose words it does not know stays as Click
wrote it. Call `install` once the language is chosen (`dread_draw.cli.main` does).
"""

from __future__ import annotations

import gettext
import importlib
import importlib.abc
import re
import sys
from collections.abc import Callable
from typing import Any

from dread_draw.i18n import N_, _, fmt, ngettext

# Typer's panel titles and notes (typer.rich_utils): set when it is imported, in English.
PANEL_WORDS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "ABORTED_TEXT": N_("Aborted."),
    "RICH_HELP": N_("Try [blue]'{command_path} {help_option}'[/] for help."),
    "DEFAULT_STRING": N_("[default: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "DEPRECATED_STRING": N_("(deprecated) "),
    "ENVVAR_STRING": N_("[env var: {}]"),
}
# Typer's own words, said through its `_` when shown (typer.core)
TYPER_WORDS = (N_("Missing command."), N_("No such command {name!r}."), N_("Aborted!"),
               N_("default: {default}"), N_("required"), N_("(dynamic)"),
               N_("env var: {var}"))
# Options every Typer app has (their help texts are translated with the app's own)
OPTION_HELP = (N_("Show this message and exit."),
               N_("Install completion for the current shell."),
               N_("Show completion for the current shell, to copy it or customize the "
                  "installation."))
HELP_OPTION = "Show this message and exit."
USAGE = N_("Usage: ")


# What the bundled Click says of a bad value or a bad command line, as a pattern of its
# English words, and the message that says the same in the player's language.
REASONS = [
    (re.compile(r"(?P<value>.+) is not in the range (?P<range>\S+)\."),
     N_("{value} is not in the range {range}.")),
    (re.compile(r"(?P<value>.+) is not a valid (?:integer|int range)\."),
     N_("{value} is not a whole number.")),
    (re.compile(r"(?P<value>.+) is not a valid float(?: range)?\."),
     N_("{value} is not a number.")),
    (re.compile(r"(?P<value>.+) is not a valid boolean\..*"),
     N_("{value} is neither yes nor no (true, false, 1, 0).")),
    (re.compile(r"Option '(?P<name>[^']+)' requires an argument\."),
     N_("Option '{name}' requires an argument.")),
    (re.compile(r"Option '(?P<name>[^']+)' does not take a value\."),
     N_("Option '{name}' does not take a value.")),
    (re.compile(r"No such option: (?P<name>\S+)"), N_("No such option: {name}")),
]
_EXTRA = re.compile(r"Got unexpected extra argument(?:s|\(s\))? \((?P<args>.*)\)")


# Click's ranges in its own notation ("2<=x<=5", "x>=1"), said in words
_BETWEEN = re.compile(r"(?P<low>-?[\d.]+)<=x<=(?P<high>-?[\d.]+)")
_AT_LEAST = re.compile(r"x>=(?P<low>-?[\d.]+)")
_AT_MOST = re.compile(r"x<=(?P<high>-?[\d.]+)")


def _out_of_range(value: str, bounds: str) -> str | None:
    """A value outside a range, said in words ("7 is more than 5."), or None for a notation
    this does not read."""
    low = high = None
    for pattern in (_BETWEEN, _AT_LEAST, _AT_MOST):
        found = pattern.fullmatch(bounds)
        if found is not None:
            low, high = found.groupdict().get("low"), found.groupdict().get("high")
            break
    else:
        return None
    try:
        number = float(value)
        if low is not None and number < float(low):
            return fmt(_("{value} is less than {low}."), value=value, low=low)
        if high is not None and number > float(high):
            return fmt(_("{value} is more than {high}."), value=value, high=high)
    except ValueError:
        pass
    return None


def reason(message: str) -> str:
    """One of the bundled Click's messages in the current language (as it is when its words
    are not known)."""
    extra = _EXTRA.fullmatch(message)
    if extra is not None:
        return fmt(ngettext("Got unexpected extra argument ({args})",
                            "Got unexpected extra arguments ({args})",
                            len(extra["args"].split())), args=extra["args"])
    for pattern, said in REASONS:
        found = pattern.fullmatch(message)
        if found is not None:
            if "range" in found.groupdict():
                said_in_words = _out_of_range(found["value"], found["range"])
                if said_in_words is not None:
                    return said_in_words
            return fmt(_(said), **found.groupdict())
    return message


def _hint(error: Any) -> str | None:
    hint = error.param_hint
    if hint is None and error.param is not None:
        hint = error.param.get_error_hint(error.ctx)
    if hint is None:
        return None
    return " / ".join(hint) if isinstance(hint, (list, tuple)) else str(hint)


def _bad_parameter(self: Any) -> str:
    hint = _hint(self)
    if hint is None:
        return fmt(_("Invalid value: {message}"), message=reason(self.message))
    return fmt(_("Invalid value for {param_hint}: {message}"), param_hint=hint,
               message=reason(self.message))


def _missing_parameter(self: Any) -> str:
    hint = _hint(self)
    kind = self.param_type or (self.param.param_type_name if self.param is not None else "")
    missing = {"argument": _("Missing argument"), "option": _("Missing option")}.get(
        kind, _("Missing parameter"))
    return f"{missing} {hint}." if hint else f"{missing}."


def _no_such_option(self: Any) -> str:
    said = fmt(_("No such option: {name}"), name=self.option_name)
    if not self.possibilities:
        return said
    return said + " " + fmt(_("(Possible options: {possibilities})"),
                            possibilities=", ".join(sorted(self.possibilities)))


def _usage_error(self: Any) -> str:
    return reason(self.message)


def _bundled_click(module: Any) -> None:
    """Put the words of a Click without gettext (typer._click) in the current language."""
    if getattr(module, "_dread_draw_words", False):
        return
    exceptions, core, formatting = module.exceptions, module.core, module.formatting
    exceptions.BadParameter.format_message = _bad_parameter
    exceptions.MissingParameter.format_message = _missing_parameter
    exceptions.NoSuchOption.format_message = _no_such_option
    exceptions.UsageError.format_message = _usage_error

    help_option = core.Command.get_help_option

    def get_help_option(self: Any, ctx: Any) -> Any:
        option = help_option(self, ctx)
        if option is not None and option.help == HELP_OPTION:
            option.help = _(HELP_OPTION)
        return option

    core.Command.get_help_option = get_help_option
    write_usage = formatting.HelpFormatter.write_usage

    def usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        write_usage(self, prog, args, _(USAGE) if prefix is None else prefix)

    formatting.HelpFormatter.write_usage = usage
    module._dread_draw_words = True


def _in_language(rich_utils: Any, draw: Callable[..., Any]) -> Callable[..., Any]:
    """`draw` (a Typer function that draws a help or an error) with Typer's panel titles
    set in the current language first."""
    def drawn(*args: Any, **kwargs: Any) -> Any:
        for constant, english in PANEL_WORDS.items():
            if hasattr(rich_utils, constant):
                setattr(rich_utils, constant, _(english))
        return draw(*args, **kwargs)

    return drawn


def _route_gettext(module: Any) -> None:
    """A Click or Typer module's `_` and `ngettext` (bound to gettext's default domain when
    it was imported) read this program's catalogues instead."""
    if getattr(module, "_", None) is gettext.gettext:
        module._ = _
    if getattr(module, "ngettext", None) is gettext.ngettext:
        module.ngettext = ngettext


def _patch_rich_utils(rich_utils: Any) -> None:
    _route_gettext(rich_utils)
    if getattr(rich_utils, "_dread_draw_words", False):
        return
    # the panel titles are said again in the language in use each time a help or an error
    # is drawn (a later command in the same process may speak another)
    for drawing in ("rich_format_help", "rich_format_error", "rich_abort_error"):
        if hasattr(rich_utils, drawing):
            setattr(rich_utils, drawing, _in_language(rich_utils, getattr(rich_utils, drawing)))
    rich_utils._dread_draw_words = True


class _WhenImported(importlib.abc.MetaPathFinder):
    """Patches typer.rich_utils the moment Typer imports it (only to draw a help or an
    error): importing it up front would load Rich's Markdown and Pygments for every command,
    and `play --plain` and `--version` would start slower."""

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        if fullname != "typer.rich_utils":
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None and spec.loader is not None:
                loader = spec.loader
                run = loader.exec_module

                def exec_module(module: Any, run: Any = run) -> None:
                    run(module)
                    _patch_rich_utils(module)

                loader.exec_module = exec_module  # type: ignore[method-assign]
                return spec
        return None


_HOOK = _WhenImported()


def install() -> None:
    """Route Click's and Typer's words through this program's catalogues (see the module's
    docstring); call it again after the language changes."""
    try:
        importlib.import_module("typer._click")
    except ImportError:  # an older Typer: nothing of it to translate
        pass
    for name, module in list(sys.modules.items()):
        if name.partition(".")[0] in ("click", "typer") and module is not None:
            _route_gettext(module)
    rich_utils = sys.modules.get("typer.rich_utils")
    if rich_utils is not None:
        _patch_rich_utils(rich_utils)
    elif _HOOK not in sys.meta_path:
        sys.meta_path.insert(0, _HOOK)
    bundled = sys.modules.get("typer._click")
    if bundled is not None and hasattr(bundled, "exceptions"):
        _bundled_click(bundled)
