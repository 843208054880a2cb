// History entries as the operator reads them: when, who, what (the record named with its parents
// and linked), the changed fields side by side (Pole / Było / Jest; rich text as a word diff) and
// 'Przywróć tę wersję', which asks first, saying what it will do. Loaded on demand (lazy-history).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from './dates.js';
import { ConfirmDialog } from './Dialog.jsx';
import {
  ACTIONS,
  canRevert,
  changeRows,
  recordTitle,
  REVERT,
  REVERT_TITLE,
  REVERT_YES,
  revertedBy,
  revertedSays,
  revertSays,
  revertsSays,
  whoMade,
} from './history.js';

/** One side of a word diff: kept words, and the removed (before) or added (after) ones marked. */
function DiffSide({ diff, side }) {
  const mark = side === 'before' ? '-' : '+';
  return diff
    .filter(([op]) => op === '=' || op === mark)
    .map(([op, text], index) =>
      op === '=' ? (
        <span key={index}>{text}</span>
      ) : side === 'before' ? (
        <del key={index} className="bg-danger-subtle">
          {text}
        </del>
      ) : (
        <ins key={index} className="bg-success-subtle">
          {text}
        </ins>
      ),
    );
}

function Value({ row, side }) {
  if (row.diff) return <DiffSide diff={row.diff} side={side} />;
  return row[side];
}

function RecordName({ entry }) {
  const path = entry.record && entry.record.path;
  const title = recordTitle(entry);
  return <span> · {path ? <Link to={path}>{title}</Link> : title}</span>;
}

function Entry({ entry, showRecord, onAsk, busy }) {
  const rows = changeRows(entry);
  const isImport = entry.action === 'import';
  const reverted = revertedBy(entry);
  return (
    <li className="list-group-item" data-entry={entry.id}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <div>
          <strong>{formatDate(entry.at)}</strong> · {whoMade(entry)} ·{' '}
          <span className="badge text-bg-secondary">{ACTIONS[entry.action] || entry.action}</span>
          {showRecord && <RecordName entry={entry} />}
          {entry.reverts && <span className="text-muted"> · {revertsSays(entry)}</span>}
          {reverted && <span className="text-muted"> · {revertedSays(entry, reverted)}</span>}
        </div>
        {onAsk && canRevert(entry) && (
          <button
            type="button"
            className="btn btn-sm btn-outline-dark"
            disabled={busy || Boolean(reverted)}
            onClick={() => onAsk(entry)}>
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
                {!isImport && (
                  <td className={row.diff ? 'text-break history-diff' : 'text-break'}>
                    <Value row={row} side="before" />
                  </td>
                )}
                <td className={row.diff ? 'text-break history-diff' : 'text-break'}>
                  <Value row={row} side="after" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}

/**
 * entries: GET /api/history/ list; onRevert(entry) offers the button (asked first, in words);
 * showRecord names the record with its parents and links to it (the whole log).
 */
export default function HistoryEntries({ entries, onRevert, showRecord = false, busy = false }) {
  const [asking, setAsking] = useState(null);
  if (!entries.length) return <p className="text-muted mb-0">Brak wpisów w historii.</p>;
  return (
    <>
      <ul className="list-group">
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} showRecord={showRecord} onAsk={onRevert && setAsking} busy={busy} />
        ))}
      </ul>
      {onRevert && (
        <ConfirmDialog
          show={asking !== null}
          title={REVERT_TITLE}
          body={asking ? revertSays(asking) : ''}
          confirmLabel={REVERT_YES}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            const entry = asking;
            setAsking(null);
            onRevert(entry);
          }}
        />
      )}
    </>
  );
}
