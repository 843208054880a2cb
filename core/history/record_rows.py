"""Records as a history page reads them: rows of their columns by attribute, many ids in one
statement per model, deleted records too, and never mapped objects (a page names records,
links them and asks the rules about them; it changes none).

A row reads as the ORM's object would, with one difference of timing: a column the database
answers in a form Python converts (SQLite's timestamps as text, its decimals as floats) is
converted when first read. A page of 50 rank values read `created`, `updated`, `value` and
`points` for nothing, and converting those 200 cells was most of the statement's time."""

import functools

import sqlalchemy as sa

# Raised by a type whose converter depends on the driver's column type code (PostgreSQL's
# numbers): such a column is read converted, as the ORM reads it.
UNKNOWN_WITHOUT_CURSOR = (TypeError, ValueError, sa.exc.SQLAlchemyError)


class RecordRow:
    """One record's columns by attribute (a class per model, `reading`)."""

    def __init__(self, values, raw):
        self.__dict__.update(values)
        self._raw = raw

    def __repr__(self):
        return f"{type(self).__name__}(id={self.__dict__.get('id')!r})"


class _Converted:
    """A column converted when first read, then kept in the row (a non-data descriptor: the
    row's own value shadows it). An absent attribute raises AttributeError without a frame of
    Python, as `record_name` asks every row for name, title and email."""

    def __init__(self, name, convert):
        self.name, self.convert = name, convert

    def __get__(self, row, owner=None):
        if row is None:
            return self
        value = row.__dict__[self.name] = self.convert(row._raw[self.name])
        return value


@functools.lru_cache(maxsize=512)
def reading(model, dialect):
    """(SELECT every column of `model`'s table labelled by attribute WHERE id IN :ids, the
    row class: its columns read as the database answers them converted when first read)."""
    columns, converted = [], {}
    for attribute in model.__mapper__.column_attrs:
        column = attribute.columns[0]
        try:
            convert = column.type.dialect_impl(dialect).result_processor(dialect, None)
        except UNKNOWN_WITHOUT_CURSOR:
            convert = None
        if convert is None:
            columns.append(column.label(attribute.key))
        else:
            columns.append(sa.type_coerce(column, sa.types.NullType()).label(attribute.key))
            converted[attribute.key] = _Converted(attribute.key, convert)
    statement = sa.select(*columns).where(model.__table__.c.id.in_(sa.bindparam("ids", expanding=True)))
    return statement, type(f"{model.__name__}Row", (RecordRow,), converted)


def record_rows(db, model, ids):
    """[row] of `model`'s records of `ids`, deleted ones too: a Core statement on the
    session's connection (no ORM compile, and so no soft-delete criteria), built once."""
    connection = db.connection()
    statement, row_class = reading(model, connection.dialect)
    result = connection.execute(statement, {"ids": sorted(ids)})
    keys = list(result.keys())
    converted = [key for key in keys if isinstance(getattr(row_class, key, None), _Converted)]
    found = []
    for row in result.all():
        values = dict(zip(keys, row))
        found.append(row_class(values, {key: values.pop(key) for key in converted}))
    return found
