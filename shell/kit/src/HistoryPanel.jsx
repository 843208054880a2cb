// The 'Historia' of one record on its edit screen (EditLoader): its entries, newest first, each
// with 'Przywróć tę wersję'. Loaded on demand (lazy-history) when the operator opens it.
import { useCallback, useEffect, useState } from 'react';
import { api } from './api.js';
import HistoryEntries from './HistoryEntries.jsx';
import { revertEntry } from './history.js';
import { StatusBanner } from './StatusBanner.jsx';

export const RECORD_PAGE = 200; // a record's entries shown at once (the whole log pages)

export default function HistoryPanel({ kind, id, onReverted }) {
  const [state, setState] = useState({ loading: true, list: [], errors: [] });
  const [outcome, setOutcome] = useState({ status: 'idle', errors: [] });

  const load = useCallback(
    () =>
      api.get('/history/', { kind, record_id: id, per_page: RECORD_PAGE }).then(
        (message) => setState({ loading: false, list: message.list, errors: [] }),
        (error) => setState({ loading: false, list: [], errors: error.errors || [], failed: true }),
      ),
    [kind, id],
  );
  useEffect(() => {
    load();
  }, [load]);

  async function revert(entry) {
    setOutcome({ status: 'loading', errors: [] });
    const result = await revertEntry(entry);
    setOutcome(result);
    if (result.status === 'success') {
      load();
      if (onReverted) onReverted();
    }
  }

  return (
    <section className="card mb-3" aria-labelledby="record-history-title">
      <div className="card-body">
        <h2 id="record-history-title" className="h5">
          Historia
        </h2>
        <StatusBanner {...(state.failed ? { status: 'error', errors: state.errors } : outcome)} />
        {state.loading ? (
          <p className="mb-0">Wczytywanie...</p>
        ) : (
          <HistoryEntries entries={state.list} onRevert={revert} busy={outcome.status === 'loading'} />
        )}
      </div>
    </section>
  );
}
