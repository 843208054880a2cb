// The import screen and the layout of the chosen type's file (Import.jsx loads them on demand).
import { Fragment, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Field, Form, useValues } from './Form.jsx';
import { TemplateLink, useImportTypeList, useImportTypes } from './importTypes.jsx';
import { TEXT } from './texts.js';

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

/** The options of an `importTypeField`: the types its endpoint takes, by their form label. */
const typeChoice = (types, { imports, only }) =>
  types
    .filter((t) => (t.imports || []).includes(`/api${imports}`) && (!only || only.includes(t.code)))
    .map((t) => ({ value: t.code, label: t.choice }));

/**
 * An import screen (its frame, the crumbs, drawn by Import.jsx's ImportScreen). `fields`: Field declarations, or `fields(values)` when they follow the
 * choice (a declaration with `render(values)` puts a note among them); `initial` the starting
 * values; `note(values)` shows above the form; `layout` adds the chosen type's description from
 * GET /import/. `send(values)` -> the resource action's result; on success the screen goes
 * `back` with `report(values, payload, type)` (by default the answer, `skipped` always a list;
 * `type`: the chosen type as GET /import/ describes it) as the list's import report. A field of
 * `importTypeField(endpoint)` offers the types GET /import/ says that endpoint takes, and the form
 * waits for them: sent before they came, it refused its own chosen type (the choice had no options
 * yet) and showed that error beside the type it then selected. `waiting` replaces the form while
 * what else it needs loads.
 */
export function ImportScreen({ fields, initial, note, layout, send, report, back, waiting }) {
  const navigate = useNavigate();
  const [values, set] = useValues(initial);
  const answer = useRef(null);
  const { types, loaded } = useImportTypeList();
  const shown = typeof fields === 'function' ? fields(values) : fields;
  const pending = waiting || (!loaded && shown.some((field) => field.imports) && <p>{TEXT.tableLoading}</p>);
  async function submit() {
    const result = await send(values);
    const chosen = types.find((t) => t.code === values.type);
    if (result.ok)
      answer.current = report
        ? report(values, result.payload, chosen)
        : { ...result.payload, skipped: result.payload.skipped || [] };
    return result;
  }
  return (
    <>
      {!pending && note && note(values)}
      {!pending && layout && values.type && <ImportLayout type={values.type} />}
      {pending || (
        <div className="col-12 col-lg-8">
          {/* SPEC 2.1: after success the screen returns to the parent list, with the import's report. */}
          <Form
            onSubmit={submit}
            onDone={() => navigate(back, { state: { imported: answer.current } })}
            submitLabel="Importuj"
            cancelTo={back}>
            {shown.map((field, index) =>
              field.render ? (
                <Fragment key={index}>{field.render(values)}</Fragment>
              ) : (
                <Field
                  key={field.name}
                  field={field.imports ? { ...field, options: typeChoice(types, field) } : field}
                  value={values[field.name]}
                  onChange={set(field.name)}
                />
              ),
            )}
          </Form>
        </div>
      )}
    </>
  );
}
