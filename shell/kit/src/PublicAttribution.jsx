// The source and licence line of a public record's data downloads ("Pobierz dane"), kept by the
// core for every public kind (GET|POST /api/public_attribution/<kind>/<id>), edited in the
// record's embed dialog, where its sharing is set.
import { useEffect, useState } from 'react';
import { api } from './api.js';
import { StatusBanner } from './StatusBanner.jsx';
import { TEXT as KIT_TEXT } from './texts.js';

export const ATTRIBUTION_TEXT = {
  attributionTitle: 'Źródło i licencja danych do pobrania',
  attributionSource: 'Źródło danych',
  attributionSourceHelp: 'Puste: źródło podane w rekordzie (jeśli jest).',
  attributionLicence: 'Licencja',
  attributionLicenceHelp: 'Puste: licencja domyślna',
  attributionSave: 'Zapisz źródło i licencję',
};
const TEXT = { ...KIT_TEXT, ...ATTRIBUTION_TEXT };

export function PublicAttribution({ kind, id }) {
  const url = `/public_attribution/${kind}/${id}`;
  const [values, setValues] = useState(null);
  const [status, setStatus] = useState('idle');
  const [errors, setErrors] = useState([]);
  useEffect(() => {
    let live = true;
    api.get(url).then(
      (answer) => live && setValues(answer),
      () => live && setValues({ source: '', licence: '', default_licence: '' }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  if (!values) return null;

  async function save(event) {
    event.preventDefault();
    setStatus('loading');
    try {
      setValues(await api.post(url, { source: values.source, licence: values.licence }));
      setStatus('success');
    } catch (error) {
      setErrors(error.errors || []);
      setStatus('error');
    }
  }

  return (
    <form className="border rounded p-2 mb-3" onSubmit={save} noValidate>
      <h3 className="h6">{TEXT.attributionTitle}</h3>
      <StatusBanner status={status} errors={errors} />
      <div className="row g-2 align-items-end">
        <div className="col-sm-6">
          <label htmlFor="attribution-source" className="form-label">
            {TEXT.attributionSource}
          </label>
          <input
            id="attribution-source"
            className="form-control"
            maxLength={500}
            value={values.source}
            aria-describedby="attribution-source-help"
            onChange={(e) => setValues({ ...values, source: e.target.value })}
          />
          <div id="attribution-source-help" className="form-text">
            {TEXT.attributionSourceHelp}
          </div>
        </div>
        <div className="col-sm-4">
          <label htmlFor="attribution-licence" className="form-label">
            {TEXT.attributionLicence}
          </label>
          <input
            id="attribution-licence"
            className="form-control"
            maxLength={200}
            value={values.licence}
            placeholder={values.default_licence}
            aria-describedby="attribution-licence-help"
            onChange={(e) => setValues({ ...values, licence: e.target.value })}
          />
          <div id="attribution-licence-help" className="form-text">
            {`${TEXT.attributionLicenceHelp}${values.default_licence ? ` (${values.default_licence})` : ''}.`}
          </div>
        </div>
        <div className="col-sm-2">
          <button type="submit" className="btn btn-outline-primary w-100">
            {TEXT.attributionSave}
          </button>
        </div>
      </div>
    </form>
  );
}
