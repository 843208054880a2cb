"""The share image drawn by the widget's own code: a plugin whose public kind ships an image
script (`static/image/image.js`, built by `make setup` from its `web/src/embed/image.js` with
@smogpanel/embeds/webpack/image) has its view's image drawn by that script under Node, with the
very chart and map functions its embed draws with, on a small server-side document (no
browser, no DOM library). The script reads the payload on stdin and writes a 1200×630 SVG, or
nothing when the view's widget has no drawing of its own (a gminy ranking's table: the card);
smogpanel.public.share rasterises it (resvg) and caches the PNG per data version.

Node is then a run-time dependency of those images: `smogpanel.share_image.node` names the
binary (default: `node` on the PATH; `off`: never). Without it, or without the kind's script,
or when the script fails, the image is the server-drawn card (smogpanel.public.share).
"""

import hashlib
import logging
import os
import shutil
import subprocess
from pathlib import Path

log = logging.getLogger(__name__)

NODE_SETTING = "smogpanel.share_image.node"
SCRIPT = Path("static") / "image" / "image.js"
TIMEOUT_SECONDS = 30
MAX_SVG = 8 * 1024 * 1024
_digests = {}  # (script path, mtime) -> the first bytes of its digest


def node_binary(settings):
    """The Node binary that draws the widgets' images, or None (unset and none on the PATH, or `off`)."""
    configured = str(settings.get(NODE_SETTING) or "").strip()
    if configured.lower() in ("off", "false", "0", "no"):
        return None
    return shutil.which(configured or "node")


def image_script(registry, kind):
    """The kind's image script (its plugin's static/image/image.js), or None."""
    plugin = registry.plugin_manager.get_plugin(kind.plugin) if kind.plugin else None
    if plugin is None or not getattr(plugin, "__file__", None):
        return None
    script = Path(plugin.__file__).parent / SCRIPT
    return script if script.is_file() else None


def renderer(registry, kind):
    """What draws the kind's image, as a short text that changes with it: "card", or "widget:"
    and the digest of the script (a new build of the widget's drawing gives images new
    addresses, so no cache keeps an image of the old drawing)."""
    node, script = registry.get("smogpanel.share_image.node"), image_script(registry, kind)
    if node is None or script is None:
        return "card"
    key = (str(script), script.stat().st_mtime_ns)
    if key not in _digests:
        _digests[key] = hashlib.blake2b(script.read_bytes(), digest_size=6).hexdigest()
    return f"widget:{_digests[key]}"


def widget_svg(registry, kind, payload_json):
    """The SVG the kind's script draws of the payload (its JSON text), or None (no Node, no
    script, the script wrote nothing for this payload, or it failed: logged; the card is drawn
    instead)."""
    node, script = registry.get("smogpanel.share_image.node"), image_script(registry, kind)
    if node is None or script is None:
        return None
    try:
        done = subprocess.run(
            [node, str(script)],
            input=payload_json.encode(),
            capture_output=True,
            timeout=TIMEOUT_SECONDS,
            check=False,
            env={"PATH": os.environ.get("PATH", "")},  # the drawing needs none of the server's secrets
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        log.warning("share image of %s: %s could not draw it (%s); the card is drawn instead", kind.kind, script, error)
        return None
    svg = done.stdout.decode("utf-8", "replace")
    if done.returncode == 0 and not svg.strip():
        return None  # the script's choice: this payload's image is the card
    if done.returncode != 0 or not svg.startswith("<svg") or len(svg) > MAX_SVG:
        reason = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["no SVG"]
        log.warning("share image of %s: %s failed (%s); the card is drawn instead", kind.kind, script, reason[0])
        return None
    return svg


def includeme(config):
    config.registry["smogpanel.share_image.node"] = node_binary(config.registry.settings)
