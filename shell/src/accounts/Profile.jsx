// /user/profile: the signed-in operator's own account. The password is marked required
// but sent only when typed (SPEC 5). A new e-mail or password asks for the current password
// (the server refuses either without it). Below: the second factors and the sign-in sessions.
import { Field, Form, Page, saveMe, useMe, useValues } from '@smogpanel/kit';
import { Sessions } from './Sessions.jsx';
import { TwoFactor } from './TwoFactor.jsx';

export function Profile() {
  const me = useMe();
  const [values, set, setValues] = useValues(() => ({
    email: me.email || '',
    password: '',
    current_password: '',
    firstname: me.firstname || '',
    lastname: me.lastname || '',
  }));
  const confirming = Boolean(values.password) || values.email.trim().toLowerCase() !== (me.email || '').toLowerCase();

  async function send() {
    const result = await saveMe({ ...values, current_password: confirming ? values.current_password : '' });
    if (result.ok) setValues((now) => ({ ...now, password: '', current_password: '' }));
    return result;
  }

  return (
    <Page crumbs={[{ label: 'Mój profil' }]}>
      <div className="col-12 col-lg-6">
        <Form onSubmit={send}>
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
              markRequired: true,
              autoComplete: 'new-password',
              help: 'Pozostaw puste, aby nie zmieniać hasła.',
            }}
            value={values.password}
            onChange={set('password')}
          />
          {confirming && (
            <Field
              field={{
                name: 'current_password',
                label: 'Obecne hasło',
                type: 'password',
                required: true,
                autoComplete: 'current-password',
                help: 'Aby zmienić adres e-mail lub hasło, potwierdź je obecnym hasłem.',
              }}
              value={values.current_password}
              onChange={set('current_password')}
            />
          )}
          <Field field={{ name: 'firstname', label: 'Imię' }} value={values.firstname} onChange={set('firstname')} />
          <Field field={{ name: 'lastname', label: 'Nazwisko' }} value={values.lastname} onChange={set('lastname')} />
        </Form>
      </div>
      <div className="col-12 col-xl-10">
        <TwoFactor />
        <Sessions />
      </div>
    </Page>
  );
}
