"""Publishing: a draft and numbered published versions of every public record, for
every public kind (a third party's too) with no code of its own.

- `smogpanel.publishing` (env SMOGPANEL_PUBLISHING): `immediate` (the default; a save publishes
  a new version at once, as the spec has it) or `reviewed` (saves are drafts; the public sees
  the published version only, a record never published is not public).
- Everything public reads the live version (`smogpanel.public.live.live_built`, called by
  `smogpanel.public.payloads.built_payload`; the table is `smogpanel.publications`, in the
  models' layer, so the public side reads it without importing this package): the payload, the
  view and embed pages, the share image, the data download, oEmbed.
- `POST /api/<kind>/<id>/publish`, `/unpublish`, `GET /api/<kind>/<id>/versions` (`views`);
  pinned versions at `/view/<kind>/<name>/v/<seq>` (`pinned`); `at` schedules either (`times`),
  the version going live at its second; the scheduler's job `core.publications` records the
  scheduled changes in history (`schedule`).
- Review (`review`, `review_views`): an account without the `publish` permission asks for
  publication; one who may publish approves (publishes the draft the request saw) or sends it back.
- Releases: several records published or withdrawn together, all or none (`releases`,
  `/api/release/`: `release_views`).

docs/publishing.md says it for operators and partners.
"""


def includeme(config):
    # By name, not imported: the package's modules import much of the core (docs/core.md, layer 7).
    config.include(".wiring")
    config.include(".release_views")  # before `.views`: its routes would match /api/release/<id>/publish
    config.include(".release_cancel")  # before `.cancel`: /api/{kind}/{id}/scheduled would match it
    config.include(".release_preview")  # before `.preview_views`: /api/{kind}/{id}/preview would match it
    config.include(".views")
    config.include(".pinned")
    config.include(".preview_views")  # preview links of drafts
    config.include(".cancel")  # calling off scheduled changes
    config.include(".review_views")
