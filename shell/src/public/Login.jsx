// / : sign in; after success wait REDIRECT_AFTER_AUTH_MS, then the start of the panel.
import { Field, Form, login, REDIRECT_AFTER_AUTH_MS, usePageTitle, useValues } from '@smogpanel/kit';
import { useNavigate } from 'react-router-dom';
import { START } from '../start.js';
import { PublicCard } from './PublicLayout.jsx';

export function Login() {
  usePageTitle(['Logowanie']);
  const navigate = useNavigate();
  const [values, set] = useValues({ email: '', password: '' });
  return (
    <PublicCard title="Logowanie">
      <Form
        guardLeave={false}
        onSubmit={() => login(values.email, values.password)}
        onDone={() => navigate(START)}
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
    </PublicCard>
  );
}
