"""Items: records of an item type contributed by a plugin (SPEC 3 "Item"). Types live in code
(`smogpanel_item_types`), so an item keeps its type's code and, per hook, the value with what
it needs to be shown even after the type's plugin changed or went away."""

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from smogpanel.db import Base, Record, unique_while_alive


class Item(Record, Base):
    __tablename__ = "item"
    __table_args__ = (unique_while_alive("item", "internal_name"),)

    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    # The public link's slug (/view/item/<internal_name>): set at creation, never edited.
    internal_name: Mapped[str] = mapped_column(sa.String(100), nullable=False)
    # The type's stable code (`ItemType.code`); fixed after creation.
    item_type_id: Mapped[str] = mapped_column(sa.String(100), nullable=False, index=True)
    # The type's display name when the item was last saved: shown when its plugin is gone.
    item_type_name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    # {hook name: {"value": ..., "display_name": ..., "type": ..., "unit", "display",
    #  and for INTEGRATION hooks "integration", "read_at" (ISO, the reading's time), "note"
    #  (where the value came from) and "error", "error_at" (this value's last failure)}}
    hook_values: Mapped[dict] = mapped_column(sa.JSON, nullable=False, default=dict)
    # {integration code: {"read_at", "refreshed_at", "source", "error", "error_at"}}:
    # the last good reading and the last failure of each integration filling this item.
    integration_state: Mapped[dict] = mapped_column(sa.JSON, nullable=False, default=dict)
