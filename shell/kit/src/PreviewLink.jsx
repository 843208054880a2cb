// Preview links in the panel (docs/publishing.md, "Preview links"): a signed link showing a
// record's draft in its real widget page, to send to someone before publishing. The publish
// dialog's part (`PreviewLinks`: POST …/preview, DELETE …/preview with a confirmation) and the
// link itself (`PreviewLinkBox`: selectable, a copy button, its expiry in Warsaw time), which the
// 'Publikacje' screen shows for a whole release. Loaded on demand with either.
import { useState } from 'react';
import { api } from './api.js';
import { warsawDay } from './dates.js';
import { copy } from './EmbedDialog.jsx';
import { publishPath } from './publishing.jsx';
import { StatusBanner } from './StatusBanner.jsx';

const failed = (error) => ({
  status: 'error',
  errors: error.errors && error.errors.length ? error.errors : [{ description: 'Nie udało się wykonać operacji.' }],
});

/** The link (`{url, expires_at}`) in a read-only field with 'Kopiuj odnośnik' and its expiry. */
export function PreviewLinkBox({ link, label = 'Odnośnik do podglądu', id = 'preview-link' }) {
  const [copied, setCopied] = useState(false);
  const [field, setField] = useState(null);
  return (
    <div className="mb-2">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <div className="input-group">
        <input
          id={id}
          ref={setField}
          className="form-control font-monospace"
          readOnly
          value={link.url}
          aria-describedby={`${id}-expiry`}
          onFocus={(event) => event.target.select()}
        />
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => copy(link.url, field).then(() => setCopied(true))}>
          Kopiuj odnośnik
        </button>
      </div>
      <div id={`${id}-expiry`} className="form-text">
        Ważny do {warsawDay(link.expires_at)} (czas polski). Pokazuje szkic takim, jaki jest w chwili otwarcia; nie
        liczy się do zasięgu.
        {copied && (
          <span className="text-success ms-1" role="status">
            Skopiowano do schowka.
          </span>
        )}
      </div>
    </div>
  );
}

/** The publish dialog's 'Podgląd szkicu': make a link, or revoke every link of the record. */
export default function PreviewLinks({ kind, id }) {
  const [link, setLink] = useState(null);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState({ status: 'idle', errors: [] });
  const busy = outcome.status === 'loading';

  async function make() {
    setConfirming(false);
    setOutcome({ status: 'loading', errors: [] });
    try {
      setLink(await api.post(publishPath(kind, id, 'preview'), {}));
      setOutcome({ status: 'idle', errors: [] });
    } catch (error) {
      setOutcome(failed(error));
    }
  }
  async function revoke() {
    setConfirming(false);
    setOutcome({ status: 'loading', errors: [] });
    try {
      await api.delete(publishPath(kind, id, 'preview'));
      setLink(null);
      setOutcome({ status: 'done', text: 'Wycofano wszystkie odnośniki do podglądu: żaden już się nie otworzy.' });
    } catch (error) {
      setOutcome(failed(error));
    }
  }
  return (
    <section aria-labelledby="preview-links" className="mb-3">
      <h3 id="preview-links" className="h6">
        Podgląd szkicu
      </h3>
      <p className="small text-body-secondary">
        Odnośnik pokazuje zapisany szkic w prawdziwym widżecie osobie bez konta w panelu, zanim go opublikujesz.
      </p>
      {outcome.status === 'done' ? (
        <div className="alert alert-success" role="status">
          {outcome.text}
        </div>
      ) : (
        outcome.status === 'error' && <StatusBanner {...outcome} />
      )}
      {link && <PreviewLinkBox link={link} />}
      {confirming ? (
        <div className="alert alert-warning" role="alert">
          <p className="mb-2">
            Wycofać wszystkie odnośniki do podglądu tego elementu? Każdy wysłany odnośnik przestanie działać.
          </p>
          <button type="button" className="btn btn-sm btn-danger me-2" onClick={revoke}>
            Tak, wycofaj odnośniki
          </button>
          <button type="button" className="btn btn-sm btn-secondary" onClick={() => setConfirming(false)}>
            Nie
          </button>
        </div>
      ) : (
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm btn-outline-primary" disabled={busy} onClick={make}>
            {link ? 'Utwórz nowy odnośnik' : 'Utwórz odnośnik do podglądu'}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            disabled={busy}
            onClick={() => setConfirming(true)}>
            Wycofaj odnośniki do podglądu
          </button>
        </div>
      )}
    </section>
  );
}
