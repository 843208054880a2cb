// /reset-password/:token : the restore mail's link; sets a new password, then back to /.
import { Field, Form, REDIRECT_AFTER_AUTH_MS, resetPassword, usePageTitle, useValues } from '@smogpanel/kit';
import { useNavigate, useParams } from 'react-router-dom';
import { PublicCard } from './PublicLayout.jsx';

const MISMATCH = {
  ok: false,
  error: { errors: [{ name: 'repeat', description: 'Podane hasła różnią się od siebie.' }] },
};

export function ResetPassword() {
  usePageTitle(['Nowe hasło']);
  const { token } = useParams();
  const navigate = useNavigate();
  const [values, set] = useValues({ password: '', repeat: '' });
  const send = async () => (values.password !== values.repeat ? MISMATCH : resetPassword(token, values.password));
  return (
    <PublicCard title="Nowe hasło">
      <Form
        guardLeave={false}
        onSubmit={send}
        onDone={() => navigate('/')}
        doneDelay={REDIRECT_AFTER_AUTH_MS}
        submitLabel="Ustaw nowe hasło">
        <Field
          field={{
            name: 'password',
            label: 'Nowe hasło',
            type: 'password',
            required: true,
            autoComplete: 'new-password',
          }}
          value={values.password}
          onChange={set('password')}
        />
        <Field
          field={{
            name: 'repeat',
            label: 'Powtórz nowe hasło',
            type: 'password',
            required: true,
            autoComplete: 'new-password',
          }}
          value={values.repeat}
          onChange={set('repeat')}
        />
      </Form>
    </PublicCard>
  );
}
