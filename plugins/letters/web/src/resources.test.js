// The letter form's payloads (SPEC 7), as its schema's fields build them, and the editor's link rule.
import { payloadOfFields, schemaFields, valuesOfFields } from '@smogpanel/kit/helpers';
import { describe, expect, it } from 'vitest';
import forms from '../forms.json';
import { linkTarget } from './editor.jsx';

// The editor is the screen's widget: a textarea stands for it here
const form = Object.keys(forms.letter.properties).map((name) =>
  name === 'content' ? { name, type: 'textarea' } : name,
);
const fields = schemaFields(forms.letter, form);
const letterValues = (item) => valuesOfFields(fields, item);
const letterPayload = (values, editing) => payloadOfFields(fields, values, editing);

const record = {
  id: 4,
  name: 'Apel',
  internal_name: 'apel',
  recipient_group_id: 2,
  cover_path: 'abc.png',
  title: 'Tytuł',
  content: '<p>x</p>',
  gdpr_agreement: '',
  gdpr_info: 'Info',
  sent: 3,
};

describe('letter payloads', () => {
  it('creates with internal_name and edits without it, the cover by its stored name', () => {
    const values = letterValues(record);
    expect(values.recipient_group_id).toBe('2');
    expect(letterPayload(values, true)).toEqual({
      name: 'Apel',
      recipient_group_id: 2,
      cover_path: 'abc.png',
      title: 'Tytuł',
      content: '<p>x</p>',
      gdpr_agreement: '',
      gdpr_info: 'Info',
    });
    expect(letterPayload(values, false).internal_name).toBe('apel');
    expect(letterPayload(letterValues(null), false).cover_path).toBeNull();
  });
});

describe('linkTarget', () => {
  it('keeps http(s) and mailto, completes bare addresses and refuses other schemes', () => {
    expect(linkTarget('https://example.org/a')).toBe('https://example.org/a');
    expect(linkTarget('example.org')).toBe('https://example.org');
    expect(linkTarget('biuro@example.org')).toBe('mailto:biuro@example.org');
    expect(linkTarget('javascript:alert(1)')).toBeNull();
    expect(linkTarget('data:text/html,x')).toBeNull();
    expect(linkTarget('  ')).toBe('');
  });
});
