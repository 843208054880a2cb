"""The timers' resource: every endpoint of SPEC section 7 "Timers"."""
from smogpanel.files import IMAGES, file_url, resolve_upload
from smogpanel.resources import PublicResource

from .models import Timer
from .schemas import TimerSchema


class TimerResource(PublicResource):
    kind = "timer"
    model = Timer
    schema = TimerSchema
    label = "licznik"

    def serialize(self, request, obj):
        data = super().serialize(request, obj)
        data["logo_url"] = file_url(request, obj.logo_path) if obj.logo_path else None
        return data

    def _with_logo(self, request, data):
        """The logo as stored: a new upload is checked and stored, a kept one stays by name."""
        return dict(data, logo_path=resolve_upload(request, data.get("logo_path"), IMAGES, field="logo_path"))

    def create(self, request, data):
        self.check_unique(request, data)  # before the logo is stored
        obj = self.model(**self._with_logo(request, data))
        request.db.add(obj)
        return obj

    def update(self, request, obj, data):
        return super().update(request, obj, self._with_logo(request, data))


def includeme(config):
    config.add_resource(TimerResource())
