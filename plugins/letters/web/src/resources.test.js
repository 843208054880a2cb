// The letter form's payloads (SPEC 7) and the editor's link rule.
import { describe, expect, it } from 'vitest';
import { linkTarget } from './editor.jsx';
import { letterPayload, letterValues } from './resources.js';

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
