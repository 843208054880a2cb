// Spreadsheet imports as declarations: the form (type choice where there is one, the file, the
// plugin's own fields), what the chosen type's file must hold as GET /api/import/ describes it,
// and on success the list the form came from, showing what was imported and what was skipped.
import { Fragment, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { api } from './api.js';
import { Field, Form, useValues } from './Form.jsx';
import { Page } from './Page.jsx';

/** The file field every import has (its `help` replaced or dropped with `help: null`). */
export const importFileField = (extra = {}) => ({
  name: 'file',
  label: 'Plik',
  type: 'file',
  required: true,
  accept: '.xlsx,.xls,.csv',
  help: 'Arkusz .xlsx, .xls albo .csv.',
  ...extra,
});

/** The type choice of an import. */
export const importTypeField = (options) => ({
  name: 'type',
  label: 'Typ pliku',
  type: 'select',
  required: true,
  options,
});

/** The import types as the server defines them (GET /import/: label, description, columns, template). */
export function useImportTypes() {
  const [types, setTypes] = useState([]);
  useEffect(() => {
    let live = true;
    api.get('/import/').then(
      (list) => live && setTypes(Array.isArray(list) ? list : []),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return types;
}

/** The download link of a type's template. */
export function TemplateLink({ type, children }) {
  return (
    <a href={`/api/import/${type}/template`} download>
      {children ?? `Pobierz szablon pliku ${type}`}
    </a>
  );
}

/** What the chosen type's file must hold: the layout, the columns in order (optional ones
 * marked) and the template, from the same definition the server reads. */
export function ImportLayout({ type }) {
  const found = useImportTypes().find((t) => t.code === type);
  return (
    <div className="alert alert-warning" role="note" aria-label="Układ pliku">
      {found &&
        found.description.split('\n').map((line) => (
          <p key={line} className="mb-1">
            {line}
          </p>
        ))}
      {found && (
        <p className="mb-1">
          Kolumny pliku: {found.columns.map((c) => `„${c.header}”${c.required ? '' : ' (opcjonalna)'}`).join(', ')}.
        </p>
      )}
      <TemplateLink type={type} />
    </div>
  );
}

/** The report an import left for the list it returned to (router state), or undefined. */
export const useImportReport = () => useLocation().state?.imported;

/** The import's report on the list: `summary`, then the skipped rows under `skippedHeading`. */
export function ImportReport({ summary, skipped = [], skippedHeading }) {
  return (
    <div className="alert alert-info" role="status">
      <p className="mb-1">{summary}</p>
      {skipped.length > 0 && (
        <>
          {skippedHeading && <p className="mb-1">{skippedHeading}</p>}
          <ul className="mb-0">
            {skipped.map((item, index) => (
              <li key={index}>{item.description}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * An import screen. `fields`: Field declarations, or `fields(values)` when they follow the
 * choice (a declaration with `render(values)` puts a note among them); `initial` the starting
 * values; `note(values)` shows above the form; `layout` adds the chosen type's description from
 * GET /import/. `send(values)` -> the resource action's result; on success the screen goes
 * `back` with `report(values, payload)` (by default the answer, `skipped` always a list) as the
 * list's import report. `waiting` replaces the form while what it needs loads.
 */
export function ImportScreen({ crumbs, fields, initial, note, layout, send, report, back, waiting }) {
  const navigate = useNavigate();
  const [values, set] = useValues(initial);
  const answer = useRef(null);
  async function submit() {
    const result = await send(values);
    if (result.ok)
      answer.current = report
        ? report(values, result.payload)
        : { ...result.payload, skipped: result.payload.skipped || [] };
    return result;
  }
  return (
    <Page crumbs={crumbs}>
      {!waiting && note && note(values)}
      {!waiting && layout && values.type && <ImportLayout type={values.type} />}
      {waiting || (
        <div className="col-12 col-lg-8">
          {/* SPEC 2.1: after success the screen returns to the parent list, with the import's report. */}
          <Form
            onSubmit={submit}
            onDone={() => navigate(back, { state: { imported: answer.current } })}
            submitLabel="Importuj"
            cancelTo={back}>
            {(typeof fields === 'function' ? fields(values) : fields).map((field, index) =>
              field.render ? (
                <Fragment key={index}>{field.render(values)}</Fragment>
              ) : (
                <Field key={field.name} field={field} value={values[field.name]} onChange={set(field.name)} />
              ),
            )}
          </Form>
        </div>
      )}
    </Page>
  );
}
