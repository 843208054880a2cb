// History entries as the operator reads them: when, who, what, the changed fields side by side
// (Pole / Było / Jest) and 'Przywróć tę wersję'. Loaded on demand (lazy-history).
import { formatDate } from './dates.js';
import { ACTIONS, canRevert, changeRows, REVERT, whoMade } from './history.js';

function Entry({ entry, showRecord, onRevert, busy }) {
  const rows = changeRows(entry);
  const isImport = entry.action === 'import';
  return (
    <li className="list-group-item" data-entry={entry.id}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <div>
          <strong>{formatDate(entry.at)}</strong> · {whoMade(entry)} ·{' '}
          <span className="badge text-bg-secondary">{ACTIONS[entry.action] || entry.action}</span>
          {showRecord && (
            <span>
              {' '}
              · {entry.kind_label} {entry.record_id !== null && `#${entry.record_id}`}{' '}
              {entry.record_name && `„${entry.record_name}”`}
            </span>
          )}
          {entry.reverts && <span className="text-muted"> · cofa wpis #{entry.reverts}</span>}
        </div>
        {onRevert && canRevert(entry) && (
          <button
            type="button"
            className="btn btn-sm btn-outline-warning"
            disabled={busy}
            onClick={() => onRevert(entry)}>
            {REVERT}
          </button>
        )}
      </div>
      {rows.length > 0 && (
        <table className="table table-sm mt-2 mb-0">
          <thead>
            <tr>
              <th scope="col">Pole</th>
              {!isImport && <th scope="col">Było</th>}
              <th scope="col">{isImport ? 'Wartość' : 'Jest'}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.field} data-field={row.field}>
                <th scope="row">{row.label}</th>
                {!isImport && <td>{row.before}</td>}
                <td>{row.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}

/** entries: GET /api/history/ list; onRevert(entry) offers the button; showRecord names the record (the whole log). */
export default function HistoryEntries({ entries, onRevert, showRecord = false, busy = false }) {
  if (!entries.length) return <p className="text-muted mb-0">Brak wpisów w historii.</p>;
  return (
    <ul className="list-group">
      {entries.map((entry) => (
        <Entry key={entry.id} entry={entry} showRecord={showRecord} onRevert={onRevert} busy={busy} />
      ))}
    </ul>
  );
}
