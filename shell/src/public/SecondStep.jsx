// The second step of a sign-in (loaded on demand): a code from the authenticator app, a recovery
// code ('Użyj kodu odzyskiwania') or a passkey ('Użyj klucza dostępu'), as the account has them.
import { Field, Form, REDIRECT_AFTER_AUTH_MS, secondFactor, StatusBanner, useValues } from '@smogpanel/kit';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { START } from '../start.js';
import { PublicCard } from './PublicLayout.jsx';

const webauthn = () => import(/* webpackChunkName: "lazy-webauthn" */ '../security/webauthn.js');

export function SecondStep({ ticket, methods, onRestart }) {
  const navigate = useNavigate();
  const hasTotp = methods.includes('totp');
  const [recovery, setRecovery] = useState(!hasTotp && methods.includes('recovery'));
  const [values, set, setValues] = useValues({ code: '' });
  const [passkey, setPasskey] = useState({ status: 'idle', errors: [] });
  const codeAsked = hasTotp || recovery;

  async function withPasskey() {
    setPasskey({ status: 'loading', errors: [] });
    const result = await (await webauthn()).passkeySignIn(ticket);
    if (!result.ok) {
      setPasskey({ status: 'error', errors: result.error.errors });
      return;
    }
    setPasskey({ status: 'success', errors: [] });
    setTimeout(() => navigate(START), REDIRECT_AFTER_AUTH_MS);
  }

  function switchCode() {
    setRecovery((now) => !now);
    setValues({ code: '' });
  }

  return (
    <PublicCard title="Weryfikacja dwuetapowa">
      {codeAsked && (
        <Form
          onSubmit={() => secondFactor(ticket, values.code)}
          onDone={() => navigate(START)}
          doneDelay={REDIRECT_AFTER_AUTH_MS}
          submitLabel="Zweryfikuj">
          <Field
            key={recovery ? 'recovery' : 'totp'}
            field={
              recovery
                ? {
                    name: 'code',
                    label: 'Kod odzyskiwania',
                    required: true,
                    autoComplete: 'off',
                    help: 'Jeden z dziesięciu kodów zapisanych przy włączaniu weryfikacji; każdy działa raz.',
                  }
                : {
                    name: 'code',
                    label: 'Kod z aplikacji',
                    required: true,
                    autoComplete: 'one-time-code',
                    inputMode: 'numeric',
                    help: 'Sześć cyfr z aplikacji uwierzytelniającej.',
                  }
            }
            value={values.code}
            onChange={set('code')}
          />
        </Form>
      )}
      <div className="d-flex flex-wrap gap-2 mt-3">
        {hasTotp && methods.includes('recovery') && (
          <button type="button" className="btn btn-link px-0" onClick={switchCode}>
            {recovery ? 'Użyj kodu z aplikacji' : 'Użyj kodu odzyskiwania'}
          </button>
        )}
        {methods.includes('passkey') && (
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={passkey.status === 'loading'}
            onClick={withPasskey}>
            Użyj klucza dostępu
          </button>
        )}
        <button type="button" className="btn btn-link px-0" onClick={onRestart}>
          Zaloguj się od nowa
        </button>
      </div>
      <div className="mt-3">
        <StatusBanner status={passkey.status} errors={passkey.errors} />
      </div>
    </PublicCard>
  );
}
