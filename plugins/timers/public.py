"""The public side of a timer: what the widget on /view/timer/<internal_name> needs, nothing more."""

import sqlalchemy as sa

from smogpanel.files import file_url
from smogpanel.public import PublicKind

from .models import Timer

BRAND = "Smogpanel"


def timer_payload(request, internal_name):
    """The widget's data, or None when no live timer has that internal name."""
    timer = request.db.scalars(sa.select(Timer).where(Timer.internal_name == internal_name).limit(1)).first()
    if timer is None:
        return None
    brand = None
    if not timer.hidden_brand:
        brand = {"name": BRAND, "url": request.registry.settings.get("smogpanel.public_url") or None}
    return {
        "style": timer.timer_style_name,
        "text_above": timer.text_above,
        "text_below": timer.text_below,
        "deadline": timer.deadline,
        "countdown": bool(timer.countdown),
        "logo": file_url(request, timer.logo_path) if timer.logo_path else None,
        "brand": brand,
    }


def timer_description(payload):
    """The share tags' and card's texts: the text above, then the deadline (the card cannot count)."""
    deadline = str(payload["deadline"] or "")[:16].replace("T", " ")
    when = f"{'Do' if payload['countdown'] else 'Od'} {deadline}" if deadline else ""
    return payload["text_above"] or "Licznik", " · ".join(t for t in (when, payload["text_below"]) if t)


TIMER = PublicKind(
    kind="timer",
    load=timer_payload,
    plugin="timers",
    title="Licznik",
    shows=(Timer,),
    describe=timer_description,
)
