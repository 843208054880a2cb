"""Demo rankings for `smogpanel init --demo`: one of gminy (over the gminy the demo hierarchy
has) and one of voivodeships with the five entries of SPEC 5. The numbers are made up."""

from decimal import Decimal

from .imports import ENTRY_NAMES
from .models import Rank, RankEntry, RankGroup, RankValue
from .places import refresh_places


def _gminy_ranking(db, gazetteer):
    rank = Rank(
        name="Ranking antysmogowy gmin",
        internal_name="ranking-gmin",
        rank_type_name="gminy",
        subname="Dane przykładowe",
        choose_group_title="Wybierz rok",
        search_value_title="wymienione kotły",
        table_value_title="wymienionych kotłów na 1000 budynków",
        show_summary=1,
        summary_title="Razem %FIRST_ENTRY%–%LAST_ENTRY%",
        legend="Dane przykładowe, nie prawdziwe wyniki gmin.",
    )
    db.add(rank)
    db.flush()
    boroughs = sorted(gazetteer.all_boroughs(db))
    for year, factor in (("2024", 3), ("2025", 5)):
        group = RankGroup(name=year, rank_id=rank.id)
        db.add(group)
        db.flush()
        for index, borough_id in enumerate(boroughs):
            number = Decimal((index * 37 + factor * 11) % 97) + Decimal("0.5")
            db.add(RankValue(value=number, points=number, rank_group_id=group.id, borough_id=borough_id))
        refresh_places(db, rank, rank_group_id=group.id)


def _voivodeships_ranking(db, gazetteer):
    rank = Rank(
        name="Czyste Powietrze w województwach",
        internal_name="ranking-wojewodztw",
        rank_type_name="voivodeships",
        choose_group_title="Wybierz rok",
        table_value_title="wniosków",
        legend="Dane przykładowe.",
    )
    db.add(rank)
    db.flush()
    group = RankGroup(name="2024", rank_id=rank.id)
    db.add(group)
    db.flush()
    voivodeships = sorted(gazetteer.voivodeships(db))
    for position, name in enumerate(ENTRY_NAMES):
        entry = RankEntry(name=name, hidden=0, rank_group_id=group.id)
        db.add(entry)
        db.flush()
        for index, voivodeship_id in enumerate(voivodeships):
            number = Decimal((index * 53 + position * 17) % 89 * 100)
            db.add(
                RankValue(
                    value=number,
                    points=number,
                    rank_group_id=group.id,
                    rank_entry_id=entry.id,
                    voivodeship_id=voivodeship_id,
                )
            )
        refresh_places(db, rank, rank_entry_id=entry.id)


def add_demo_data(db, gazetteer):
    _gminy_ranking(db, gazetteer)
    _voivodeships_ranking(db, gazetteer)
    db.flush()
