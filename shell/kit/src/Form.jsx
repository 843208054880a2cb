// Forms: native validation on submit, the status banner, submit ignored while in flight,
// success shown briefly before moving on. Fields always carry <label for>.
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { SUCCESS_BANNER_MS } from './config.js';
import { StatusBanner } from './StatusBanner.jsx';
import { TEXT } from './texts.js';

/**
 * onSubmit() -> Promise<{ok, error?}> (what resource actions resolve with);
 * onDone() runs SUCCESS_BANNER_MS after a success (e.g. back to the parent list), or right
 * after `doneDelay` ms when given. The actions: the submit button (`submitLabel`), then
 * `extraActions` (e.g. 'Odśwież'), then a link back to `cancelTo` when given ('Anuluj', or
 * `cancelLabel`).
 */
export function Form({
  onSubmit,
  onDone,
  doneDelay = SUCCESS_BANNER_MS,
  submitLabel = TEXT.save,
  cancelTo,
  cancelLabel = TEXT.cancel,
  extraActions,
  children,
  className,
}) {
  const [status, setStatus] = useState('idle');
  const [errors, setErrors] = useState([]);
  const [validated, setValidated] = useState(false);
  const busy = useRef(false); // a ref, not state: two clicks in one tick must still send once

  async function submit(event) {
    event.preventDefault();
    if (busy.current) return;
    if (!event.currentTarget.checkValidity()) {
      setValidated(true);
      setStatus('invalid');
      return;
    }
    busy.current = true;
    setStatus('loading');
    setErrors([]);
    const result = await onSubmit();
    if (result && result.ok) {
      setStatus('success');
      if (onDone)
        setTimeout(onDone, doneDelay); // stays busy: the screen is about to move on
      else busy.current = false;
    } else {
      setStatus('error');
      setErrors((result && result.error && result.error.errors) || []);
      busy.current = false;
    }
  }

  return (
    <form noValidate onSubmit={submit} className={[validated && 'was-validated', className].filter(Boolean).join(' ')}>
      <StatusBanner status={status} errors={errors} />
      {children}
      <div className="d-flex gap-2 mt-3">
        <button type="submit" className="btn btn-primary">
          {submitLabel}
        </button>
        {extraActions}
        {cancelTo && (
          <Link className="btn btn-outline-secondary" to={cancelTo}>
            {cancelLabel}
          </Link>
        )}
      </div>
    </form>
  );
}

/** Values of a hand-written form: [values, set(name) -> onChange handler, setValues]. */
export function useValues(initial) {
  const [values, setValues] = useState(initial);
  const set = (name) => (value) => setValues((now) => ({ ...now, [name]: value }));
  return [values, set, setValues];
}

const fieldId = (name) => `field-${name}`;

// The required mark is drawn by CSS (kit.css), so a label's text stays exactly its name.
function Label({ name, label, required }) {
  return (
    <label htmlFor={fieldId(name)} className={required ? 'form-label required' : 'form-label'}>
      {label}
    </label>
  );
}

/**
 * One field from a declaration: {name, label, type = 'text' | 'email' | 'password' | 'number' |
 * 'date' | 'textarea' | 'select' | 'checkbox' | 'file', required, markRequired (label only),
 * options: [{value, label}], help, placeholder, disabled, min, max, step, accept, autoComplete,
 * inputMode}.
 */
export function Field({ field, value, onChange }) {
  const { name, label, type = 'text', required, markRequired, options = [], help, ...rest } = field;
  const common = { id: fieldId(name), name, required, disabled: rest.disabled, placeholder: rest.placeholder };
  let control;
  if (type === 'checkbox') {
    return (
      <div className="form-check mb-3">
        <input
          {...common}
          type="checkbox"
          className="form-check-input"
          checked={Boolean(Number(value))}
          onChange={(e) => onChange(e.target.checked ? 1 : 0)}
        />
        <label htmlFor={fieldId(name)} className="form-check-label">
          {label}
        </label>
      </div>
    );
  }
  if (type === 'file') control = <FileInput {...common} accept={rest.accept} value={value} onChange={onChange} />;
  else if (type === 'textarea')
    control = (
      <textarea
        {...common}
        className="form-control"
        rows={rest.rows || 4}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  else if (type === 'select')
    control = (
      <select {...common} className="form-select" value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">— wybierz —</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  else
    control = (
      <input
        {...common}
        type={type}
        className="form-control"
        value={value ?? ''}
        min={rest.min}
        max={rest.max}
        step={rest.step}
        minLength={rest.minLength}
        autoComplete={rest.autoComplete}
        inputMode={rest.inputMode}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  return (
    <div className="mb-3">
      <Label name={name} label={label} required={required || markRequired} />
      {control}
      {help && <div className="form-text">{help}</div>}
    </div>
  );
}

/** Reads a chosen file as {name, data} with `data` a data URL (the API's upload shape). */
export function readFile(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ name: file.name, data: reader.result });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * A file input yielding {name, data}, or null when cleared. A string `value` is a file kept
 * from before (edit forms send its stored name back unchanged) and is shown as such.
 */
export function FileInput({ value, onChange, ...props }) {
  const kept = typeof value === 'string' && value ? value : null;
  return (
    <>
      <input
        {...props}
        type="file"
        className="form-control"
        required={props.required && !kept}
        onChange={async (e) => onChange(e.target.files[0] ? await readFile(e.target.files[0]) : kept)}
      />
      {kept && (
        <div className="form-text">
          Obecny plik: {kept}
          {!props.required && !props.disabled && (
            <button
              type="button"
              className="btn btn-link btn-sm p-0 ms-2 align-baseline"
              onClick={() => onChange(null)}>
              Usuń plik
            </button>
          )}
        </div>
      )}
    </>
  );
}

/** A standalone file field with its label (for forms written by hand). */
export function FileField({ name, label, required, accept, value, onChange }) {
  return <Field field={{ name, label, type: 'file', required, accept }} value={value} onChange={onChange} />;
}
