// The public letter: what a resident sees and the sending form's behaviour.
import { describe, expect, it, vi } from 'vitest';
import { errorText, renderLetter, sentText } from './widget.js';

const payload = (changes = {}) => ({
  internal_name: 'apel',
  title: 'Apel mieszkańców',
  cover: '/files/abc.png',
  content: '<p>Prosimy o <strong>czyste</strong> powietrze.</p>',
  recipients: ['Jan Kowalski', 'Maria Wiśniewska'],
  gdpr_agreement: 'Wyrażam zgodę na przetwarzanie moich danych osobowych podanych w formularzu.',
  gdpr_info: 'Administratorem danych jest Stowarzyszenie.',
  sent: 3,
  send_url: '/api/public/letter/apel/send',
  ...changes,
});

function fill(root, { name = 'Ewa Mieszkanka', email = 'ewa@example.net', agree = true } = {}) {
  root.querySelector('#spl-name').value = name;
  root.querySelector('#spl-email').value = email;
  root.querySelector('#spl-consent').checked = agree;
}

const submit = (root) => root.querySelector('form').dispatchEvent(new Event('submit', { cancelable: true }));
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('renderLetter', () => {
  it('shows the cover, title, content, recipients, count and the consent texts', () => {
    const root = document.createElement('div');
    renderLetter(root, payload());
    expect(root.querySelector('img.spl-cover').getAttribute('src')).toBe('/files/abc.png');
    expect(root.querySelector('h1').textContent).toBe('Apel mieszkańców');
    expect(root.querySelector('.spl-content strong').textContent).toBe('czyste');
    // Semicolons: a name may hold a comma ('Jan Kowalski, radny').
    expect(root.querySelector('.spl-to').textContent).toBe('Adresaci: Jan Kowalski; Maria Wiśniewska.');
    expect(root.querySelector('.spl-count').textContent).toBe('Ten list wysłały już 3 osoby.');
    expect(root.querySelector('label[for=spl-consent]').textContent).toContain('Wyrażam zgodę');
    expect(root.querySelector('.spl-info').textContent).toBe('Administratorem danych jest Stowarzyszenie.');
    expect(root.querySelector('.spl-trap input').getAttribute('tabindex')).toBe('-1');
  });

  it('offers no sending form when the letter has nobody to send to', () => {
    const root = document.createElement('div');
    renderLetter(root, payload({ recipients: [] }));
    expect(root.querySelector('form')).toBeNull();
    expect(root.querySelector('.spl-to')).toBeNull();
    expect(root.querySelector('.spl-none').textContent).toBe(
      'Ten list nie ma teraz żadnych adresatów, więc nie można go wysłać.',
    );
    expect(root.querySelector('h1').textContent).toBe('Apel mieszkańców');
  });

  it('counts people with Polish forms', () => {
    expect(sentText(0)).toBe('Bądź pierwszą osobą, która wyśle ten list.');
    expect(sentText(1)).toBe('Ten list wysłała już 1 osoba.');
    expect(sentText(5)).toBe('Ten list wysłało już 5 osób.');
    expect(sentText(22)).toBe('Ten list wysłały już 22 osoby.');
  });

  it('sends the form once and shows the answer', async () => {
    const root = document.createElement('div');
    const post = vi.fn(() => Promise.resolve({ success: true, message: 'Dziękujemy! Sprawdź skrzynkę.' }));
    renderLetter(root, payload(), { post });
    fill(root);
    submit(root);
    submit(root); // a second click while the first is on its way
    await flush();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/api/public/letter/apel/send', {
      name: 'Ewa Mieszkanka',
      email: 'ewa@example.net',
      gdpr_agreement: true,
      website: '',
    });
    expect(root.querySelector('.spl-status').textContent).toBe('Dziękujemy! Sprawdź skrzynkę.');
  });

  it('does not send without consent and shows the server errors in Polish', async () => {
    const root = document.createElement('div');
    const post = vi.fn(() =>
      Promise.resolve({
        success: false,
        message: 'VALIDATION_FAILED',
        errors: [{ name: 'email', description: 'E-mail: To nie jest poprawny adres e-mail.' }],
      }),
    );
    renderLetter(root, payload(), { post });
    fill(root, { agree: false });
    submit(root);
    expect(post).not.toHaveBeenCalled();
    expect(root.querySelector('.spl-status').textContent).toContain('zaznacz zgodę');
    fill(root);
    submit(root);
    await flush();
    expect(root.querySelector('.spl-status').textContent).toBe('E-mail: To nie jest poprawny adres e-mail.');
    expect(root.querySelector('button').disabled).toBe(false);
    expect(errorText({ success: false, message: 'TOO_MANY_ATTEMPTS' })).toContain('Zbyt wiele prób');
  });

  it('leaves out the cover, recipients and info when there are none', () => {
    const root = document.createElement('div');
    renderLetter(root, payload({ cover: null, recipients: [], gdpr_info: '', sent: 0 }));
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('.spl-to')).toBeNull();
    expect(root.querySelector('.spl-info')).toBeNull();
  });
});
