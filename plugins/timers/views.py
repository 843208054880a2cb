"""The timers' resource: every endpoint of SPEC section 7 "Timers"."""

from smogpanel.files import IMAGES
from smogpanel.resources import PublicResource

from .models import Timer
from .schemas import TimerSchema


class TimerResource(PublicResource):
    kind = "timer"
    model = Timer
    schema = TimerSchema
    label = "licznik"
    uploads = {"logo_path": IMAGES}


def includeme(config):
    config.add_resource(TimerResource())
