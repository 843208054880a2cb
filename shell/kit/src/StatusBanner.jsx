// The form status banner of SPEC section 8, with the server's Polish error details.
import { TEXT } from './texts.js';

const LOOK = {
  loading: ['alert-info', TEXT.loading],
  success: ['alert-success', TEXT.success],
  invalid: ['alert-warning', TEXT.invalid],
  error: ['alert-danger', TEXT.error],
};

/** status: 'idle' | 'loading' | 'success' | 'invalid' | 'error'; errors: [{name, description}]
 * (the server's, or each invalid field's "label: message"), listed under the text. An error with
 * `reason` (the server's 503: the database away, its migrations behind, busy; see api.js) is the
 * headline instead of the generic text, which would blame the data sent. */
export function StatusBanner({ status, errors = [] }) {
  const look = LOOK[status];
  if (!look) return null;
  const shown = status === 'error' || status === 'invalid' ? errors.filter((e) => e && e.description) : [];
  const reason = shown.find((e) => e.reason);
  const details = shown.filter((e) => !e.reason);
  return (
    <div className={`alert ${look[0]}`} role={status === 'error' || status === 'invalid' ? 'alert' : 'status'}>
      {reason ? reason.description : look[1]}
      {details.length > 0 && (
        <ul className="mb-0 mt-2">
          {details.map((e, index) => (
            <li key={index}>{e.description}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
