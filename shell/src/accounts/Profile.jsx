// /user/profile: the signed-in operator's own account. The password is marked required
// but sent only when typed (SPEC 5). Below: the second factors and the sign-in sessions.
import { Field, Form, Page, saveMe, useMe, useValues } from '@smogpanel/kit';
import { Sessions } from './Sessions.jsx';
import { TwoFactor } from './TwoFactor.jsx';

export function Profile() {
  const me = useMe();
  const [values, set, setValues] = useValues(() => ({
    email: me.email || '',
    password: '',
    firstname: me.firstname || '',
    lastname: me.lastname || '',
  }));

  async function send() {
    const result = await saveMe(values);
    if (result.ok) setValues((now) => ({ ...now, password: '' }));
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
