// Forms: native validation on submit with a Polish message under each invalid field (and the
// server's field errors on their fields), focus on the first of them, the status banner, submit
// ignored while in flight, success shown briefly before moving on, and a question before an
// edited form is left. Fields always carry <label for>.
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { SUCCESS_BANNER_MS } from './config.js';
import { FieldErrorsContext, inputIdOf, labelOf, useFieldError } from './fieldErrors.js';
import { formatNumber, numberProblem, readNumber } from './numbers.js';
import { StatusBanner } from './StatusBanner.jsx';
import { TEXT } from './texts.js';

// Asking before an edited form is left: loaded on demand (the shell's first load is at its
// budget) as soon as a form opens, so it is in place long before anything is typed.
const LeaveGuard = lazy(() =>
  import(/* webpackChunkName: "lazy-leave" */ './LeaveGuard.jsx').then((m) => ({ default: m.LeaveGuard })),
);

/** The form's controls that refuse their value, in the order they appear. */
const invalidControls = (form) =>
  [...form.elements].filter((element) => element.willValidate && !element.validity.valid);

// The Polish messages of the browser's checks, loaded at the first refusal (kept under the shell's budget)
let validity = null;
const loadValidity = () =>
  import(/* webpackChunkName: "lazy-validity" */ './validityMessages.js').then((module) => (validity = module));

/** Moves focus to `element` and scrolls it, with its label and message, to the middle of the screen. */
function bringIntoView(element) {
  element.focus({ preventScroll: true });
  if (element.scrollIntoView) element.scrollIntoView({ block: 'center' });
}

/**
 * onSubmit() -> Promise<{ok, error?}> (what resource actions resolve with);
 * onDone() runs SUCCESS_BANNER_MS after a success (e.g. back to the parent list), or right
 * after `doneDelay` ms when given. The actions: the submit button (`submitLabel`), then
 * `extraActions` (e.g. 'Odśwież'), then a link back to `cancelTo` when given ('Anuluj', or
 * `cancelLabel`). `notice` shows under the status banner (FormScreen's changed-meanwhile panel).
 * Once the operator has typed into it, leaving the form asks first (LeaveGuard) until it is saved;
 * `changed` false (the values are as loaded again) or `guardLeave` false (a sign-in form) spare
 * the question. A new `statusReset` (any value) clears the banner and the field messages (the
 * values were replaced, e.g. by a version saved meanwhile).
 */
export function Form({
  onSubmit,
  onDone,
  doneDelay = SUCCESS_BANNER_MS,
  submitLabel = TEXT.save,
  cancelTo,
  cancelLabel = TEXT.cancel,
  extraActions,
  notice,
  changed,
  guardLeave = true,
  readOnly = false,
  statusReset,
  children,
  className,
}) {
  const [status, setStatus] = useState('idle');
  const [errors, setErrors] = useState([]);
  const [fieldErrors, setFieldErrors] = useState({}); // input id -> Polish message
  const [validated, setValidated] = useState(false);
  const [touched, setTouched] = useState(false); // typed into since loaded or saved
  const busy = useRef(false); // a ref, not state: two clicks in one tick must still send once
  const banner = useRef(null);
  useEffect(() => {
    if (statusReset === undefined) return;
    setStatus('idle');
    setErrors([]);
    setFieldErrors({});
  }, [statusReset]);

  async function submit(event) {
    event.preventDefault();
    if (busy.current) return;
    const form = event.currentTarget;
    const invalid = invalidControls(form);
    if (invalid.length) {
      const { messageOf } = validity || (await loadValidity());
      setValidated(true);
      setStatus('invalid');
      setFieldErrors(Object.fromEntries(invalid.filter((e) => e.id).map((e) => [e.id, messageOf(e)])));
      setErrors(invalid.map((e) => ({ name: e.id, description: `${labelOf(e) || e.name}: ${messageOf(e)}` })));
      bringIntoView(invalid[0]);
      return;
    }
    busy.current = true;
    setStatus('loading');
    setErrors([]);
    setFieldErrors({});
    const result = await onSubmit();
    if (result && result.ok) {
      setStatus('success');
      setTouched(false);
      if (onDone)
        setTimeout(onDone, doneDelay); // stays busy: the screen is about to move on
      else busy.current = false;
    } else {
      const failed = (result && result.error && result.error.errors) || [];
      setStatus('error');
      setErrors(failed);
      busy.current = false;
      showServerErrors(form, failed);
    }
  }

  /** The server's field errors on their fields, focus on the first; without one, the banner. */
  function showServerErrors(form, failed) {
    const onFields = {};
    const controls = [];
    for (const error of failed) {
      // by its input's id, else by the name the API gives it (`data-answer-name`: a measurement's cell)
      const control =
        error.name &&
        (form.ownerDocument.getElementById(inputIdOf(error.name)) ||
          form.querySelector(`[data-answer-name="${String(error.name).replace(/"/g, '')}"]`));
      if (!control || !form.contains(control) || !error.description) continue;
      onFields[control.id] = onFields[control.id] ? `${onFields[control.id]} ${error.description}` : error.description;
      controls.push(control);
    }
    setFieldErrors(onFields);
    // The first on the page (a control drawn by hand, e.g. a rich-text editor, is not in form.elements)
    const [first] = controls.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    if (first) bringIntoView(first);
    else if (banner.current) bringIntoView(banner.current);
  }

  /** Typing clears (or, once validated, updates) that field's message. */
  function edited(event) {
    const control = event.target;
    if (!touched) setTouched(true);
    if (!control.id) return;
    setFieldErrors((now) => {
      const message = validated && validity && control.willValidate ? validity.messageOf(control) : '';
      if ((now[control.id] || '') === message) return now;
      const next = { ...now };
      if (message) next[control.id] = message;
      else delete next[control.id];
      return next;
    });
  }

  const dirty = guardLeave && touched && changed !== false && status !== 'success';
  return (
    <form
      noValidate
      onSubmit={submit}
      onInput={edited}
      onChange={edited}
      className={[validated && 'was-validated', className].filter(Boolean).join(' ')}>
      <div ref={banner} tabIndex={-1}>
        <StatusBanner status={status} errors={errors} />
      </div>
      {notice}
      {readOnly && <p className="alert alert-info">{typeof readOnly === 'string' ? readOnly : TEXT.readOnly}</p>}
      <fieldset disabled={readOnly}>
        <FieldErrorsContext.Provider value={fieldErrors}>{children}</FieldErrorsContext.Provider>
      </fieldset>
      <div className="d-flex gap-2 mt-3">
        {!readOnly && (
          <button type="submit" className="btn btn-primary">
            {submitLabel}
          </button>
        )}
        {extraActions}
        {cancelTo && (
          <Link className="btn btn-outline-secondary" to={cancelTo}>
            {cancelLabel}
          </Link>
        )}
      </div>
      {guardLeave && (
        <Suspense fallback={null}>
          <LeaveGuard when={dirty} />
        </Suspense>
      )}
    </form>
  );
}

/** Whether two forms' values are the same (a file's data URL compared by reference first). */
export function sameValues(a, b) {
  const same = (x, y) =>
    x === y || (typeof x === 'object' && typeof y === 'object' && JSON.stringify(x) === JSON.stringify(y));
  return Object.keys({ ...a, ...b }).every((key) => same(a[key], b[key]));
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
 * options: [{value, label}], help, placeholder, disabled, min, max, step, minLength, maxLength, accept, autoComplete,
 * inputMode, answerName (the name the server's errors give it when it is not `name`: a measurement's
 * cell is `properties.0.value.mp` of the payload)}.
 */
export function Field({ field, value, onChange }) {
  const { name, label, type = 'text', required, markRequired, options = [], help, ...rest } = field;
  const id = fieldId(name);
  const { message, messageId, inputProps } = useFieldError(id, help ? `${id}-help` : undefined);
  const common = {
    id,
    name,
    required,
    disabled: rest.disabled,
    placeholder: rest.placeholder,
    'data-answer-name': rest.answerName,
    ...inputProps,
  };
  const invalid = message ? ' is-invalid' : '';
  let control;
  if (type === 'checkbox') {
    return (
      <div className="form-check mb-3">
        <input
          {...common}
          type="checkbox"
          className={`form-check-input${invalid}`}
          checked={Boolean(Number(value))}
          onChange={(e) => onChange(e.target.checked ? 1 : 0)}
        />
        <label htmlFor={id} className="form-check-label">
          {label}
        </label>
        <FieldMessage id={messageId} message={message} />
        {help && (
          <div id={`${id}-help`} className="form-text">
            {help}
          </div>
        )}
      </div>
    );
  }
  if (type === 'file')
    control = (
      <FileInput
        {...common}
        className={`form-control${invalid}`}
        accept={rest.accept}
        value={value}
        onChange={onChange}
      />
    );
  else if (type === 'textarea')
    control = (
      <textarea
        {...common}
        className={`form-control${invalid}`}
        rows={rest.rows || 4}
        maxLength={rest.maxLength}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  else if (type === 'select')
    control = (
      <select
        {...common}
        className={`form-select${invalid}`}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}>
        <option value="">— wybierz —</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  else if (type === 'number')
    control = (
      <NumberInput
        {...common}
        className={`form-control${invalid}`}
        value={value}
        min={rest.min}
        max={rest.max}
        step={rest.step}
        onChange={onChange}
      />
    );
  else
    control = (
      <input
        {...common}
        type={type}
        className={`form-control${invalid}`}
        value={value ?? ''}
        min={rest.min}
        max={rest.max}
        step={rest.step}
        minLength={rest.minLength}
        maxLength={rest.maxLength}
        autoComplete={rest.autoComplete}
        inputMode={rest.inputMode}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  return (
    <div className="mb-3">
      <Label name={name} label={label} required={required || markRequired} />
      {control}
      <FieldMessage id={messageId} message={message} />
      {help && (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      )}
    </div>
  );
}

/**
 * A number field: a text input (inputmode="decimal") showing the value with a decimal comma and
 * taking a comma or a dot. `onChange` gets the number's plain text with a dot ('55,5' -> '55.5',
 * '' when empty), or the text as typed when it is no number; then the input refuses it (its
 * custom validity, shown under the field on submit) with `min`, `max` and `step` checked too.
 */
export function NumberInput({ value, onChange, min, max, step, ...props }) {
  const input = useRef(null);
  // The text typed, and the value it gave: a value from elsewhere (a reload) is shown anew
  const [typed, setTyped] = useState(() => ({ text: formatNumber(value), gave: value }));
  let text = typed.text;
  if (value !== typed.gave) {
    text = formatNumber(value);
    setTyped({ text, gave: value });
  }
  useLayoutEffect(() => {
    input.current.setCustomValidity(numberProblem(text, { min, max, step }));
  }, [text, min, max, step]);
  function typedIn(event) {
    const raw = event.target.value;
    const read = readNumber(raw);
    const gave = read.ok ? read.value : raw;
    // Set now, not after the render: the form reads the field's validity in this same event
    event.target.setCustomValidity(numberProblem(raw, { min, max, step }));
    setTyped({ text: raw, gave });
    onChange(gave);
  }
  function left() {
    const read = readNumber(text);
    if (read.ok && formatNumber(read.value) !== text) setTyped({ text: formatNumber(read.value), gave: typed.gave });
  }
  return (
    <input
      {...props}
      ref={input}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={typedIn}
      onBlur={left}
    />
  );
}

/** A field's message under it (`id`: the one its input's aria-describedby names); nothing without one. */
export function FieldMessage({ id, message }) {
  if (!message) return null;
  return (
    <div id={id} className="invalid-feedback d-block">
      {message}
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
        className="form-control"
        {...props}
        type="file"
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
