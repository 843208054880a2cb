"""What the letters tests share: the forms' payloads."""


def group(api, name="Radni Krakowa"):
    return api.post("/api/recipient_group/", {"name": name})["message"]


def recipient(api, group_id, name="Jan Kowalski", email="jan@example.org", status=200):
    body = api.post("/api/recipient/", {"name": name, "email": email, "recipient_group_id": group_id}, status=status)
    return body["message"] if status == 200 else body


def letter_body(group_id, **changes):
    body = {
        "name": "Apel o czyste powietrze",
        "internal_name": "apel",
        "recipient_group_id": group_id,
        "cover_path": None,
        "title": "Apel mieszkańców",
        "content": "<p>Szanowni Państwo, prosimy o <strong>czyste powietrze</strong>.</p>",
        "gdpr_agreement": "",
        "gdpr_info": "Administratorem danych jest Stowarzyszenie.",
    }
    body.update(changes)
    return body


def letter(api, group_id, **changes):
    return api.post("/api/letter/", letter_body(group_id, **changes))["message"]


def edit_body(record, **changes):
    body = {
        key: record[key]
        for key in ("name", "recipient_group_id", "cover_path", "title", "content", "gdpr_agreement", "gdpr_info")
    }
    body.update(changes)
    return body
