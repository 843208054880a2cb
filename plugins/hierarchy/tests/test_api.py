def test_seeded_voivodeships_listed(api):
    body = api.get("/api/voivodeship/")
    assert body["success"] is True
    names = [row["name"] for row in body["message"]["list"]]
    assert "małopolskie" in names and len(names) == 16
