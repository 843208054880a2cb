// /forgot-password : asks for the restore mail; after success wait, then back to /.
import { Field, Form, REDIRECT_AFTER_AUTH_MS, restore, usePageTitle, useValues } from '@smogpanel/kit';
import { useNavigate } from 'react-router-dom';
import { PublicCard } from './PublicLayout.jsx';

export function ForgotPassword() {
  usePageTitle(['Przywracanie hasła']);
  const navigate = useNavigate();
  const [values, set] = useValues({ email: '' });
  return (
    <PublicCard title="Przywracanie hasła">
      <p className="text-muted">Podaj adres e-mail konta. Wyślemy na niego odnośnik do ustawienia nowego hasła.</p>
      <Form
        guardLeave={false}
        onSubmit={() => restore(values.email)}
        onDone={() => navigate('/')}
        doneDelay={REDIRECT_AFTER_AUTH_MS}
        submitLabel="Przywróć hasło">
        <Field
          field={{ name: 'email', label: 'Adres e-mail', type: 'email', required: true, autoComplete: 'username' }}
          value={values.email}
          onChange={set('email')}
        />
      </Form>
    </PublicCard>
  );
}
