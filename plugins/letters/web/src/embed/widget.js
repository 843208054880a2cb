// The public letter's DOM: cover, title, the (server-sanitised) content, the recipients, how
// many people sent it, and the sending form (name, e-mail, consent, a honeypot). Plain DOM.
import { plural } from '@smogpanel/embeds/plural';

// The letter sits above the partner's link overlay (embeds/frame): it is read and its form
// filled in, not clicked through.
export const CSS = [
  '.spl{position:relative;z-index:2;background:var(--sp-bg,#fff);font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--sp-fg,#1f2933);line-height:1.5;max-width:46rem;margin:0 auto;padding:1rem}',
  '.spl-cover{display:block;max-width:100%;height:auto;border-radius:.5rem;margin-bottom:1rem}',
  '.spl h1{font-size:1.6rem;margin:0 0 .75rem}',
  '.spl form h2{font-size:1.15rem;margin:0 0 .5rem}',
  '.spl-content{margin-bottom:1rem}',
  '.spl-content img{max-width:100%;height:auto}',
  '.spl-to,.spl-count{color:var(--sp-muted,#52606d);font-size:.95rem}',
  '.spl-none{padding:1rem;border:1px solid var(--sp-line,#cbd2d9);border-radius:.5rem;background:var(--sp-surface,#f5f7fa)}',
  '.spl-count strong{color:var(--sp-fg,#1f2933)}',
  '.spl form{margin-top:1rem;padding:1rem;border:1px solid var(--sp-line,#cbd2d9);border-radius:.5rem;background:var(--sp-surface,#f5f7fa)}',
  '.spl label{display:block;font-weight:600;margin:.5rem 0 .25rem}',
  '.spl input[type=text],.spl input[type=email]{width:100%;box-sizing:border-box;padding:.5rem;border:1px solid var(--sp-line,#9aa5b1);border-radius:.25rem;font:inherit}',
  '.spl .spl-check{display:flex;gap:.5rem;align-items:flex-start;font-weight:400}',
  '.spl .spl-check input{margin-top:.3rem}',
  '.spl-info{font-size:.85rem;color:var(--sp-muted,#52606d);white-space:pre-line}',
  '.spl-trap{position:absolute!important;left:-10000px!important;width:1px;height:1px;overflow:hidden}',
  '.spl button{margin-top:.75rem;font:inherit;font-weight:600;padding:.55rem 1.2rem;border:0;border-radius:.25rem;background:var(--sp-accent,#1864ab);color:var(--sp-on-accent,#fff);cursor:pointer}',
  '.spl button[disabled]{opacity:.6;cursor:wait}',
  '.spl-status{margin-top:.75rem}',
  '.spl-status.spl-ok{color:var(--sp-success,#2b8a3e);font-weight:600}',
  '.spl-status.spl-error{color:var(--sp-error,#c92a2a)}',
].join('');

function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  Object.entries(props).forEach(([key, value]) => {
    if (key === 'text') node.textContent = value;
    else if (key === 'className') node.className = value;
    else node.setAttribute(key, value);
  });
  children.forEach((child) => child && node.appendChild(child));
  return node;
}

export const NOBODY = 'Ten list nie ma teraz żadnych adresatów, więc nie można go wysłać.';

/** 'Ten list wysłały już 3 osoby.' */
export function sentText(count) {
  if (!count) return 'Bądź pierwszą osobą, która wyśle ten list.';
  const verb = plural(count, ['wysłała', 'wysłały', 'wysłało']);
  return `Ten list ${verb} już ${count} ${plural(count, ['osoba', 'osoby', 'osób'])}.`;
}

function field(id, label, type, autocomplete) {
  const input = el('input', {
    id,
    name: id,
    type,
    required: '',
    autocomplete,
    maxlength: type === 'email' ? '254' : '200',
  });
  return [el('label', { for: id, text: label }), input];
}

/** The Polish texts of an error answer: the field errors, or a general one. */
export function errorText(body) {
  const errors = (body && body.errors) || [];
  if (errors.length) return errors.map((error) => error.description).join(' ');
  if (body && body.message === 'TOO_MANY_ATTEMPTS') return 'Zbyt wiele prób. Spróbuj ponownie później.';
  return 'Nie udało się wysłać formularza. Sprawdź dane i spróbuj ponownie.';
}

export function renderLetter(root, payload, { post = defaultPost } = {}) {
  const box = el('article', { className: 'spl' });
  if (payload.cover) box.appendChild(el('img', { className: 'spl-cover', src: payload.cover, alt: '' }));
  box.appendChild(el('h1', { text: payload.title }));
  const content = el('div', { className: 'spl-content' });
  content.innerHTML = payload.content; // sanitised by the server (nh3 allow-list)
  box.appendChild(content);
  if (payload.recipients.length) {
    box.appendChild(el('p', { className: 'spl-to', text: `Adresaci: ${payload.recipients.join('; ')}.` }));
  }
  const count = el('p', { className: 'spl-count' });
  count.textContent = sentText(payload.sent);
  box.appendChild(count);

  if (!payload.recipients.length) {
    // Nobody to send it to (the operator emptied the group): the letter is read, not sent.
    box.appendChild(el('p', { className: 'spl-none', role: 'status', text: NOBODY }));
    root.replaceChildren(box);
    return;
  }

  const status = el('p', { className: 'spl-status', role: 'status', 'aria-live': 'polite' });
  const button = el('button', { type: 'submit', text: 'Wyślij list' });
  const consent = el('input', { id: 'spl-consent', name: 'gdpr_agreement', type: 'checkbox', required: '' });
  const trap = el('div', { className: 'spl-trap', 'aria-hidden': 'true' }, [
    el('label', { for: 'spl-website', text: 'Nie wypełniaj tego pola' }),
    el('input', { id: 'spl-website', name: 'website', type: 'text', tabindex: '-1', autocomplete: 'off' }),
  ]);
  const form = el('form', { novalidate: '' }, [
    el('h2', { text: 'Wyślij ten list pod swoim imieniem i nazwiskiem' }),
    ...field('spl-name', 'Imię i nazwisko', 'text', 'name'),
    ...field('spl-email', 'Adres e-mail', 'email', 'email'),
    el('label', { className: 'spl-check', for: 'spl-consent' }, [
      consent,
      el('span', { text: payload.gdpr_agreement }),
    ]),
    payload.gdpr_info ? el('p', { className: 'spl-info', text: payload.gdpr_info }) : null,
    trap,
    button,
    status,
  ]);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.disabled) return;
    if (!form.checkValidity()) {
      status.className = 'spl-status spl-error';
      status.textContent = 'Podaj imię i nazwisko, poprawny adres e-mail i zaznacz zgodę.';
      return;
    }
    button.disabled = true;
    status.className = 'spl-status';
    status.textContent = 'Wysyłanie...';
    const body = {
      name: form.elements.namedItem('spl-name').value,
      email: form.elements.namedItem('spl-email').value,
      gdpr_agreement: consent.checked,
      website: form.elements.namedItem('website').value,
    };
    post(payload.send_url, body).then(
      (answer) => {
        if (answer && answer.success) {
          status.className = 'spl-status spl-ok';
          status.textContent = answer.message;
          form.reset();
        } else {
          status.className = 'spl-status spl-error';
          status.textContent = errorText(answer);
          button.disabled = false;
        }
      },
      () => {
        status.className = 'spl-status spl-error';
        status.textContent = errorText(null);
        button.disabled = false;
      },
    );
  });
  box.appendChild(form);
  root.replaceChildren(box);
}

function defaultPost(url, body) {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  }).then((response) => response.json());
}
