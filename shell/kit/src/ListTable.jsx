// The sortable list table: header click sorts, the current column flips, an arrow marks direction.
import { formatDate, wasUpdated } from './dates.js';
import { TEXT } from './texts.js';

// An id is a few digits: its header and cells never wrap ("ID ▲" broke in two at 1366 px).
const NARROW = (column) => column.name === 'id';

/** How a cell shows a value of a column `type`. */
function cell(column, row) {
  if (column.render) return column.render(row);
  const value = row[column.name];
  if (column.type === 'updated') return wasUpdated(row) ? <em>{formatDate(value)}</em> : formatDate(value);
  if (column.type === 'date') return formatDate(value);
  if (column.type === 'yesno') return value ? 'TAK' : 'NIE';
  if (column.type === 'ordinal') return value === null || value === undefined ? value : value + 1;
  if (column.type === 'number') return value === null || value === undefined ? value : String(value).replace('.', ',');
  return value;
}

/**
 * columns: [{name, label, sortable = true, type?: 'date' | 'updated' | 'yesno' | 'ordinal' (a place
 * from 0, shown from 1) | 'number' (the decimal comma), render?(row)}]
 * rowActions(row) -> nodes for the last column (omitted when not given).
 * selection: {selected: Set of ids, toggle(row), toggleAll(rows), selectable?(row)} adds a checkbox to
 * each (selectable) row's operations (the last cell: the data columns keep their places).
 * emptyText: what an empty list says instead of the hint to add (a search that found nothing).
 */
export function ListTable({ columns, rows, order, asc, onSort, loading, rowActions, selection, emptyText }) {
  const span = columns.length + (rowActions || selection ? 1 : 0);
  let body;
  if (loading)
    body = (
      <tr>
        <td colSpan={span} className="text-center text-muted">
          {TEXT.tableLoading}
        </td>
      </tr>
    );
  else if (!rows.length)
    body = (
      <tr>
        <td colSpan={span} className="text-center text-muted">
          {emptyText || TEXT.tableEmpty}
        </td>
      </tr>
    );
  else
    body = rows.map((row) => (
      <tr key={row.id}>
        {columns.map((column) => (
          <td key={column.name} className={NARROW(column) ? 'text-nowrap' : undefined}>
            {cell(column, row)}
          </td>
        ))}
        {(rowActions || selection) && (
          <td className="text-end text-nowrap">
            {rowActions && rowActions(row)}
            {selection && (!selection.selectable || selection.selectable(row)) && (
              <input
                type="checkbox"
                className="form-check-input ms-2 align-middle"
                aria-label={`Zaznacz wiersz ${row.id}`}
                checked={selection.selected.has(row.id)}
                onChange={() => selection.toggle(row)}
              />
            )}
          </td>
        )}
      </tr>
    ));

  return (
    <div className="table-responsive">
      <table className="table table-striped table-hover align-middle">
        <thead>
          <tr>
            {columns.map((column) => {
              const current = column.name === order;
              const sortable = column.sortable !== false && onSort;
              return (
                <th
                  key={column.name}
                  scope="col"
                  className={NARROW(column) ? 'text-nowrap' : undefined}
                  aria-sort={current ? (asc ? 'ascending' : 'descending') : undefined}>
                  {sortable ? (
                    <button
                      type="button"
                      className="btn btn-link p-0 fw-bold text-decoration-none"
                      onClick={() => onSort(column.name)}>
                      {column.label}
                      {current && <span aria-hidden="true">{asc ? ' ▲' : ' ▼'}</span>}
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
            {(rowActions || selection) && (
              <th scope="col" className="text-end">
                {TEXT.operations}
                {selection && (
                  <input
                    type="checkbox"
                    className="form-check-input ms-2 align-middle"
                    aria-label="Zaznacz wszystkie wiersze na tej stronie"
                    checked={rows.length > 0 && rows.every((row) => selection.selected.has(row.id))}
                    onChange={() => selection.toggleAll(rows)}
                  />
                )}
              </th>
            )}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}
