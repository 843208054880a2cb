"""What an embed of a record not public now shows (smogpanel.publishing): a short Polish line, not
a blank frame or an error page."""

from pyramid.response import Response

from ..web import mark_embeddable

PLACEHOLDER_PAGE = (
    '<!doctype html><html lang="pl"><head><meta charset="utf-8"><title>Treść niedostępna</title>'
    '<meta name="robots" content="noindex"></head><body style="margin:0">'
    '<p style="font:15px/1.4 system-ui,sans-serif;color:#555;margin:1em;text-align:center">'
    "Ta treść nie jest teraz opublikowana.</p></body></html>"
)


def placeholder(request):
    mark_embeddable(request)
    response = Response(PLACEHOLDER_PAGE, status=404, content_type="text/html", charset="utf-8")
    response.headers["Cache-Control"] = "no-cache"
    return response
