// 'Weryfikacja dwuetapowa' on the profile: the authenticator app (QR code to scan, then its first
// code), the recovery codes (shown once, with download and print), and passkeys (list, add,
// remove). A passkey's browser part is loaded when used (lazy-webauthn).
import { api, loadMe, signedInWith, StatusBanner, formatDate, wrongCodeHeadlined } from '@smogpanel/kit';
import { useCallback, useEffect, useState } from 'react';

const webauthn = () => import(/* webpackChunkName: "lazy-webauthn" */ '../security/webauthn.js');

function useStatus() {
  const [state, setState] = useState({ status: 'idle', errors: [] });
  async function run(call) {
    setState({ status: 'loading', errors: [] });
    try {
      const value = await call();
      setState({ status: 'success', errors: [] });
      return { ok: true, value };
    } catch (error) {
      setState({ status: 'error', errors: (error && error.errors) || [] });
      return { ok: false };
    }
  }
  return [state, run, setState];
}

/** The ten codes, once: a list to write down, a .txt download and the print dialog. */
export function RecoveryCodes({ codes, onHide }) {
  const text = `Smogpanel — kody odzyskiwania\n\n${codes.join('\n')}\n\nKażdy kod działa jeden raz.\n`;
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <div className="alert alert-warning" role="region" aria-labelledby="recovery-heading">
      <h3 id="recovery-heading" className="h5">
        Kody odzyskiwania
      </h3>
      <p>
        Zapisz je teraz w bezpiecznym miejscu: <strong>nie zobaczysz ich ponownie</strong>. Każdy kod pozwala zalogować
        się raz, gdy nie masz telefonu ani klucza dostępu. Pobierz je do pliku albo wydrukuj.
      </p>
      <ol className="font-monospace" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="d-flex flex-wrap gap-2">
        <a className="btn btn-sm btn-outline-dark" href={href} download="smogpanel-kody-odzyskiwania.txt">
          Pobierz (.txt)
        </a>
        <button type="button" className="btn btn-sm btn-outline-dark" onClick={() => window.print()}>
          Drukuj
        </button>
        <button type="button" className="btn btn-sm btn-dark" onClick={onHide}>
          Zapisałem(-am) kody
        </button>
      </div>
    </div>
  );
}

function TotpSetup({ onEnrolled }) {
  const [started, setStarted] = useState(null);
  const [code, setCode] = useState('');
  const [state, run] = useStatus();

  async function start() {
    const result = await run(() => api.post('/user/2fa/totp'));
    if (result.ok) setStarted(result.value);
  }

  async function confirm(event) {
    event.preventDefault();
    const result = await run(() =>
      api.post('/user/2fa/totp/confirm', { code }).catch((error) => {
        throw wrongCodeHeadlined(error);
      }),
    );
    if (result.ok) onEnrolled(result.value);
  }

  if (!started)
    return (
      <>
        <StatusBanner status={state.status === 'error' ? 'error' : 'idle'} errors={state.errors} />
        <button type="button" className="btn btn-primary" onClick={start} disabled={state.status === 'loading'}>
          Dodaj aplikację uwierzytelniającą
        </button>
      </>
    );
  return (
    <form onSubmit={confirm} noValidate>
      <p>
        Zeskanuj kod QR aplikacją uwierzytelniającą (np. Aegis, FreeOTP, Google Authenticator, 1Password) i wpisz kod,
        który pokaże.
      </p>
      <img src={started.qr} alt="Kod QR do zeskanowania w aplikacji uwierzytelniającej" width="220" height="220" />
      <p className="small mt-2">
        Nie możesz zeskanować? Wpisz w aplikacji klucz: <code data-testid="totp-secret">{started.secret}</code>
      </p>
      <StatusBanner status={state.status === 'error' ? 'error' : 'idle'} errors={state.errors} />
      <div className="mb-3">
        <label htmlFor="field-totp-code" className="form-label required">
          Kod z aplikacji
        </label>
        <input
          id="field-totp-code"
          name="code"
          className="form-control"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={state.status === 'loading'}>
        Potwierdź
      </button>
    </form>
  );
}

function Passkeys({ passkeys, onChanged }) {
  const [name, setName] = useState('');
  const [state, run] = useStatus();

  async function add(event) {
    event.preventDefault();
    const module = await webauthn();
    const result = await run(async () => {
      const answer = await module.addPasskey(name.trim() || 'Klucz dostępu');
      if (!answer.ok) throw answer.error;
      return answer.payload;
    });
    if (result.ok) {
      setName('');
      onChanged(result.value);
    }
  }

  async function remove(passkey) {
    const result = await run(() => api.delete(`/user/2fa/passkeys/${passkey.id}`));
    if (result.ok) onChanged({});
  }

  return (
    <div>
      <h3 className="h5">Klucze dostępu</h3>
      <p className="text-muted small">
        Klucz dostępu (odcisk palca, twarz, PIN urządzenia albo klucz sprzętowy) zastępuje kod z aplikacji, a także
        pozwala zalogować się bez hasła przyciskiem „Zaloguj kluczem dostępu”.
      </p>
      <StatusBanner status={state.status === 'error' ? 'error' : 'idle'} errors={state.errors} />
      {passkeys.length > 0 && (
        <ul className="list-group mb-3" data-testid="passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="list-group-item d-flex justify-content-between align-items-center">
              <span>
                <strong>{passkey.name}</strong>{' '}
                <span className="text-muted small">
                  dodano {formatDate(passkey.created)}
                  {passkey.last_used && `, ostatnio użyto ${formatDate(passkey.last_used)}`}
                </span>
              </span>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-label={`Usuń klucz dostępu ${passkey.name}`}
                disabled={state.status === 'loading'}
                onClick={() => remove(passkey)}>
                Usuń
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} className="row g-2 align-items-end" noValidate>
        <div className="col-sm-7">
          <label htmlFor="field-passkey-name" className="form-label">
            Nazwa nowego klucza
          </label>
          <input
            id="field-passkey-name"
            name="passkey-name"
            className="form-control"
            maxLength={100}
            placeholder="np. Laptop służbowy"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="col-sm-5">
          <button type="submit" className="btn btn-outline-primary" disabled={state.status === 'loading'}>
            Dodaj klucz dostępu
          </button>
        </div>
      </form>
    </div>
  );
}

export function TwoFactor() {
  const [status, setStatus] = useState(null);
  const [codes, setCodes] = useState(null);
  const [state, run] = useStatus();

  const load = useCallback(() => {
    api.get('/user/2fa').then(setStatus, () => setStatus(null));
  }, []);
  useEffect(load, [load]);

  // An enrolment's answer: recovery codes when it was the first factor, a fresh token when
  // this one could only enrol (the shell then reloads the account).
  function enrolled(answer) {
    if (answer && answer.recovery_codes) setCodes(answer.recovery_codes);
    if (answer && answer.token) {
      signedInWith(answer.token);
      loadMe();
    }
    load();
  }

  async function removeTotp() {
    const result = await run(() => api.delete('/user/2fa/totp'));
    if (result.ok) load();
  }

  async function newCodes() {
    const result = await run(() => api.post('/user/2fa/recovery-codes'));
    if (result.ok) setCodes(result.value.recovery_codes);
    load();
  }

  if (!status || !Array.isArray(status.methods)) return null; // not loaded (or not understood)
  const anyFactor = status.methods.length > 0;
  return (
    <section className="mt-4" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading" className="h4">
        Weryfikacja dwuetapowa
      </h2>
      {status.must_enrol && (
        <div className="alert alert-warning" role="alert">
          Na tym koncie wymagany jest drugi składnik logowania. Dodaj aplikację uwierzytelniającą albo klucz dostępu,
          aby korzystać z panelu.
        </div>
      )}
      {!status.must_enrol && status.required && (
        <p className="text-muted small">Na tym koncie drugi składnik logowania jest wymagany.</p>
      )}
      {codes && <RecoveryCodes codes={codes} onHide={() => setCodes(null)} />}
      <StatusBanner status={state.status === 'error' ? 'error' : 'idle'} errors={state.errors} />
      <h3 className="h5">Aplikacja uwierzytelniająca</h3>
      {status.totp ? (
        <p>
          <span className="badge text-bg-success me-2">włączona</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={removeTotp}>
            Usuń aplikację
          </button>
        </p>
      ) : (
        <div className="mb-3">
          <TotpSetup onEnrolled={enrolled} />
        </div>
      )}
      {anyFactor && (
        <p>
          Pozostało kodów odzyskiwania: <strong data-testid="recovery-left">{status.recovery_codes_left}</strong>{' '}
          <button type="button" className="btn btn-sm btn-outline-secondary ms-2" onClick={newCodes}>
            Wygeneruj nowe kody
          </button>
        </p>
      )}
      <Passkeys passkeys={status.passkeys} onChanged={enrolled} />
    </section>
  );
}
