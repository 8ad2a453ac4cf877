"""The replay's HTML: one self-contained page (styles, scenes and the player's script inline).

The page loads nothing: its Content-Security-Policy allows no request at all (``default-src
'none'``), only the inline style and script, and card faces are inline SVG. So it plays from
``file://``, offline, in an iframe's ``srcdoc`` and in any current browser.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from cardwidgets import i18n, scene
from cardwidgets.replay import words

__all__ = ["FORMAT", "PLAYER_CSS", "document", "payload_html", "player_script"]

FORMAT = 1
"""The version of the data the page's script reads (``ReplayData.format`` in js/replay.ts)."""

_SCRIPT = Path(__file__).resolve().parent.parent / "static" / "replay.js"

_POLICY = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"

PLAYER_CSS = """
:root { color-scheme: light dark; }  /* the page follows the system, as the board does */
body { background: Canvas; color: CanvasText; font-family: system-ui, sans-serif; }
.cw-replay { font-family: system-ui, sans-serif; max-width: 1280px; margin: 0 auto; }
.cw-replay-controls { display: flex; flex-wrap: wrap; align-items: center; gap: .4rem;
  padding: .4rem 0; }
.cw-replay-button { min-width: 2.6rem; min-height: 2.4rem; font-size: 1.1rem; cursor: pointer; }
.cw-replay-button:disabled { cursor: default; opacity: .45; }
.cw-replay-slider { flex: 1 1 12rem; min-width: 8rem; }
.cw-replay-speed select { font-size: 1rem; min-height: 2.2rem; }
.cw-replay-position { margin: .2rem 0 .5rem; font-size: 1rem; min-height: 1.4em; }
.cw-replay :focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
"""


def player_script() -> str:
    """The built player (``npm run build`` writes ``cardwidgets/static/replay.js``)."""
    try:
        return _SCRIPT.read_text(encoding="utf-8")
    except FileNotFoundError as err:
        raise FileNotFoundError(
            f"{_SCRIPT} is missing: run `npm ci && npm run build` (or install a wheel)"
        ) from err


def _json_in_html(value: Any) -> str:
    """JSON that can sit inside a ``<script>`` element: no ``<``, ``>`` or ``&`` in it."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def labels(locale: str) -> dict[str, str]:
    """The player's words in ``locale``."""
    return {
        name: i18n.text(f"replay.{name}", locale, ply="{ply}", plies="{plies}")
        for name in words.PLAYER_LABELS
    }


def payload_html(payload: dict[str, Any]) -> str:
    """The player's element: its data in a JSON script (the page's script starts it)."""
    locale = html.escape(str(payload["locale"]), quote=True)
    return (
        f'<div class="cw-replay" lang="{locale}">'
        f'<script type="application/json" class="cw-replay-data">{_json_in_html(payload)}</script>'
        "</div>"
    )


def document(payload: dict[str, Any], title: str) -> str:
    """The whole page for one replay."""
    locale = html.escape(str(payload["locale"]), quote=True)
    script = player_script().replace("</script", "<\\/script")
    noscript = html.escape(i18n.text("replay.noscript", str(payload["locale"])))
    return (
        f'<!DOCTYPE html>\n<html lang="{locale}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{_POLICY}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n"
        f"<style>{scene.stylesheet()}\n{PLAYER_CSS}</style>\n</head>\n<body>\n"
        f'<main>\n<h1 class="cw-replay-title">{html.escape(title)}</h1>\n'
        f"<noscript><p>{noscript}</p></noscript>\n{payload_html(payload)}\n</main>\n"
        f"<script>{script}</script>\n</body>\n</html>\n"
    )
