"""Every letter, recipient-group and recipient endpoint of SPEC section 7 "Letters,
recipients", the recipient import and the operator's list of a letter's senders."""

import sqlalchemy as sa

from smogpanel.authority import Rules, authorize
from smogpanel.envelope import ApiError
from smogpanel.files import IMAGES
from smogpanel.importing import Import, Untyped
from smogpanel.mail import OutboxMail
from smogpanel.personal import hidden_fields, masked
from smogpanel.resources import Parent, PublicResource, RecordRoute, Resource, column_filter, resource_of

from .imports import add_recipients, existing_addresses, parse_recipients
from .models import Letter, LetterMessage, LetterSender, Recipient, RecipientGroup, letter_sent, recipient_sent
from .sanitise import sanitise
from .schemas import LetterSchema, RecipientGroupSchema, RecipientImportSchema, RecipientSchema

EMAIL_TAKEN = "Ten adres e-mail jest już w tej grupie adresatów."
# A recipient's parent, and the group a letter sends to or an import fills.
RECIPIENT_GROUP = Parent(
    "recipient_group", "recipient_group_id", "Wybrana grupa adresatów nie istnieje albo została usunięta."
)


class LetterResource(PublicResource):
    kind = "letter"
    model = Letter
    schema = LetterSchema
    label = "list"
    uploads = {"cover_path": IMAGES}
    sortable = ("id", "name", "internal_name", "sent", "updated")
    filters = (column_filter("recipient_group_id", "Grupa adresatów", Letter.recipient_group_id),)
    record_routes = (
        RecordRoute(
            "sender",
            "GET",
            "view_senders",
            "letter: the residents who sent it and the delivery of their letters",
            service_name="letter-senders",
        ),
    )

    def view_senders(self, request):
        """Who asked to send the letter, whether they confirmed, and how their letters fared; the
        residents' names and addresses masked to an account without 'dane nadawców'."""
        return senders_view(request)

    def list_statement(self):
        # The list shows no content (it may be long): the form reads one letter.
        columns = [c for c in self.list_columns() if c.name not in ("content", "gdpr_agreement", "gdpr_info")]
        return sa.select(*columns, letter_sent(Letter.id).label("sent")).where(Letter.deleted.is_(None))

    def serialize(self, request, obj):
        data = super().serialize(request, obj)
        data["sent"] = request.db.scalar(sa.select(letter_sent(sa.literal(obj.id))))
        return data

    def create(self, request, data):
        RECIPIENT_GROUP.live(request, data["recipient_group_id"])
        return super().create(request, dict(data, content=sanitise(data["content"])))

    def update(self, request, obj, data):
        RECIPIENT_GROUP.live(request, data["recipient_group_id"])
        return super().update(request, obj, dict(data, content=sanitise(data["content"])))


def in_use(letters):
    """The 409 of deleting a recipient group that live letters send to (they would have nobody
    to send to), naming the letters."""
    names = ", ".join(f"„{name}”" for name in letters)
    return ApiError(
        "CONFLICT",
        [
            {
                "name": "recipient_group_id",
                "description": "Nie usunięto grupy adresatów: "
                f"{'używa jej list' if len(letters) == 1 else 'używają jej listy'} "
                f"{names}. Wybierz w {'nim' if len(letters) == 1 else 'nich'} inną grupę adresatów albo "
                f"{'go usuń' if len(letters) == 1 else 'je usuń'}, a potem usuń tę grupę.",
            }
        ],
    )


class RecipientGroupResource(Resource):
    kind = "recipient_group"
    model = RecipientGroup
    schema = RecipientGroupSchema
    label = "grupa adresatów"
    screen = "/letter/recipient_group/{id}"
    # GET /api/recipient_group/ without order: by name, for selects (SPEC 7); the group list
    # screen asks for id descending (SPEC 2.1).
    list_all_order = ("name", True)

    def delete(self, request, obj):
        letters = request.db.scalars(
            sa.select(Letter.name)
            .where(Letter.recipient_group_id == obj.id, Letter.deleted.is_(None))
            .order_by(Letter.name, Letter.id)
        ).all()
        if letters:
            raise in_use(letters)
        super().delete(request, obj)


class RecipientResource(Resource):
    kind = "recipient"
    model = Recipient
    schema = RecipientSchema
    label = "adresat"
    parent = RECIPIENT_GROUP
    screen = "/letter/recipient_group/{recipient_group}/recipient/{id}"
    list_all = False
    sortable = ("id", "name", "email", "sent", "updated")

    def list_statement(self):
        return sa.select(*self.list_columns(), recipient_sent(Recipient.id).label("sent")).where(
            Recipient.deleted.is_(None)
        )

    def serialize(self, request, obj):
        data = super().serialize(request, obj)
        data["sent"] = request.db.scalar(sa.select(recipient_sent(sa.literal(obj.id))))
        return data

    def check_email(self, request, group_id, email, obj=None):
        clash = sa.select(Recipient.id).where(
            Recipient.recipient_group_id == group_id, Recipient.email == email, Recipient.deleted.is_(None)
        )
        if obj is not None:
            clash = clash.where(Recipient.id != obj.id)
        if request.db.execute(clash.limit(1)).first() is not None:
            raise ApiError("CONFLICT", [{"name": "email", "description": EMAIL_TAKEN}])

    def create(self, request, data):
        self.check_parent(request, data)
        self.check_email(request, data["recipient_group_id"], data["email"])
        return super().create(request, data)

    def update(self, request, obj, data):
        self.check_email(request, obj.recipient_group_id, data["email"], obj)
        return super().update(request, obj, data)


# -- the import --------------------------------------------------------------------------------
class RecipientImport(Import):
    """POST /api/recipient/import {recipient_group_id, file, name_column, email_column}: the
    group's recipients from a sheet, the name and e-mail columns named by letter or header."""

    kind = "recipient"
    description = "recipient: import recipients of a group from a spreadsheet"
    untyped = Untyped("RECIPIENTS", "Adresaci z arkusza", parse_recipients)
    schema = RecipientImportSchema

    def target(self, request, data):
        return RECIPIENT_GROUP.live(request, data["recipient_group_id"])

    def context(self, request, data, group):
        existing = existing_addresses(request.db, group)
        return {"name_column": data["name_column"], "email_column": data["email_column"], "existing": existing}

    def apply(self, request, data, group, parsed):
        return add_recipients(request.db, group, *parsed)


# -- the operator's view of senders ---------------------------------------------------------------
class SenderRules(Rules):
    """A letter's senders: residents, whose name, e-mail and client address only accounts with
    'dane nadawców' see (smogpanel.personal). No Resource: the panel never edits them; history
    records their erasures under this kind."""

    kind = "letter_sender"
    plugin = "letters"
    label = "nadawca listu"
    personal = ("name", "email", "address")


SENDER_RULES = SenderRules()


def senders_view(request):
    """Who asked to send the letter, whether they confirmed, and how their letters fared; the
    residents' names and addresses masked to an account without 'dane nadawców'."""
    resource = resource_of(request, "letter")
    letter = resource.load(request, int(request.matchdict["id"]))
    authorize(request, resource, "read", letter)
    hidden = hidden_fields(request, SENDER_RULES)
    delivered = sa.func.count(OutboxMail.sent)
    queued = sa.func.count(LetterMessage.id)
    failed = sa.func.count(sa.case((sa.and_(OutboxMail.sent.is_(None), OutboxMail.attempts > 0), 1)))
    rows = request.db.execute(
        sa.select(LetterSender, queued.label("messages"), delivered.label("delivered"), failed.label("failed"))
        .outerjoin(LetterMessage, LetterMessage.sender_id == LetterSender.id)
        .outerjoin(OutboxMail, OutboxMail.id == LetterMessage.mail_id)
        .where(LetterSender.letter_id == letter.id)
        .group_by(LetterSender.id)
        .order_by(LetterSender.id.desc())
    ).all()
    out = []
    for sender, messages, sent, failures in rows:
        if sender.erased is not None:
            state = "erased"
        elif sender.confirmed is None:
            state = "unconfirmed"
        elif messages and sent == messages:
            state = "delivered"
        elif failures:
            state = "failing"
        else:
            state = "queued"
        row = {
            "id": sender.id,
            "name": sender.name,
            "email": sender.email,
            "created": sender.created,
            "confirmed": sender.confirmed,
            "erased": sender.erased,
            "messages": messages,
            "delivered": sent,
            "failed": failures,
            "state": state,
        }
        out.append(masked(row, hidden))
    # `personal`: whether this account sees the residents' data (the screen says why it does not).
    return {"order": "id", "asc": 0, "list": out, "personal": not hidden}


def includeme(config):
    config.add_rules(SENDER_RULES)
    config.add_resource(RecipientGroupResource())
    config.add_resource(RecipientResource())
    config.add_resource(LetterResource())
    config.add_import(RecipientImport())
