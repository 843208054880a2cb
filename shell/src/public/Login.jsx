// / : sign in; after success wait REDIRECT_AFTER_AUTH_MS, then the start of the panel. An account
// with a second factor answers the password with a ticket: the second step (SecondStep, loaded
// on demand) takes it from there. 'Zaloguj kluczem dostępu' signs in with a passkey alone.
import {
  Field,
  Form,
  isSecondStep,
  login,
  REDIRECT_AFTER_AUTH_MS,
  StatusBanner,
  usePageTitle,
  useValues,
} from '@smogpanel/kit';
import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { START } from '../start.js';
import { Waiting } from '../Waiting.jsx';
import { PublicCard } from './PublicLayout.jsx';

const SecondStep = lazy(() =>
  import(/* webpackChunkName: "lazy-second-step" */ './SecondStep.jsx').then((m) => ({ default: m.SecondStep })),
);
const webauthn = () => import(/* webpackChunkName: "lazy-webauthn" */ '../security/webauthn.js');

export function Login() {
  usePageTitle(['Logowanie']);
  const navigate = useNavigate();
  const [values, set] = useValues({ email: '', password: '' });
  const [second, setSecond] = useState(null); // {ticket, methods} after the password
  const pending = useRef(false);
  const [passkey, setPasskey] = useState({ status: 'idle', errors: [] });

  async function signIn() {
    const result = await login(values.email, values.password);
    if (result.ok && isSecondStep(result.payload)) {
      pending.current = true;
      setSecond(result.payload);
    }
    return result;
  }

  async function withPasskey() {
    setPasskey({ status: 'loading', errors: [] });
    const result = await (await webauthn()).passkeySignIn();
    if (!result.ok) {
      setPasskey({ status: 'error', errors: result.error.errors });
      return;
    }
    setPasskey({ status: 'success', errors: [] });
    setTimeout(() => navigate(START), REDIRECT_AFTER_AUTH_MS);
  }

  if (second)
    return (
      <Suspense fallback={<Waiting />}>
        <SecondStep ticket={second.ticket} methods={second.methods} onRestart={() => setSecond(null)} />
      </Suspense>
    );

  return (
    <PublicCard title="Logowanie">
      <Form
        guardLeave={false}
        onSubmit={signIn}
        onDone={() => pending.current || navigate(START)}
        doneDelay={REDIRECT_AFTER_AUTH_MS}
        submitLabel="Zaloguj się">
        <Field
          field={{ name: 'email', label: 'Adres e-mail', type: 'email', required: true, autoComplete: 'username' }}
          value={values.email}
          onChange={set('email')}
        />
        <Field
          field={{
            name: 'password',
            label: 'Hasło',
            type: 'password',
            required: true,
            autoComplete: 'current-password',
          }}
          value={values.password}
          onChange={set('password')}
        />
      </Form>
      <hr />
      <StatusBanner status={passkey.status} errors={passkey.errors} />
      <button
        type="button"
        className="btn btn-outline-secondary"
        disabled={passkey.status === 'loading'}
        onClick={withPasskey}>
        Zaloguj kluczem dostępu
      </button>
    </PublicCard>
  );
}
