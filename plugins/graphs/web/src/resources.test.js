import { describe, expect, it } from 'vitest';
import {
  entryPayload,
  entryValues,
  graphPayload,
  graphValues,
  listedName,
  previewPayload,
  valueName,
} from './resources.js';

const bar = {
  name: 'Wnioski %RANGE%',
  graph_type_name: 'BAR',
  graph_style_name: 'CLASSIC',
  unit: 'szt.',
  value_title: 'W %GROUP%',
  graph_keys: [],
  graph_key_groups: [
    { id: 3, name: 'Złożone', color: 'red', graph_keys: [{ id: 7, name: 'Styczeń', short_name: 'I' }] },
  ],
};

describe('graph payloads', () => {
  it('sends key groups for BAR, keys for CIRCLE, the unit for BAR only and the internal name on create', () => {
    const created = graphPayload({ ...graphValues(bar), internal_name: 'wnioski' }, { editing: false });
    expect(created.internal_name).toBe('wnioski');
    expect(created.graph_key_groups).toEqual([
      { id: 3, name: 'Złożone', color: 'red', graph_keys: [{ id: 7, name: 'Styczeń', short_name: 'I' }] },
    ]);
    expect(created.graph_keys).toEqual([]);
    const circle = graphPayload(
      { ...graphValues(bar), graph_type_name: 'CIRCLE', graph_keys: [{ name: 'Gaz', short_name: 'G' }] },
      { editing: true, removeKeysWithValues: true },
    );
    expect([circle.unit, circle.graph_key_groups, circle.internal_name, circle.remove_keys_with_values]).toEqual([
      '',
      [],
      undefined,
      1,
    ]);
  });

  it('sends one value per key with its key group, empty ones as null', () => {
    const values = { ...entryValues(bar, null), name: 'Polska', [valueName(7)]: '12.5' };
    const payload = entryPayload(bar, values, { editing: false, groupId: '4' });
    expect(payload.values).toEqual([{ key: { id: 7 }, group: { id: 3 }, value: { value: '12.5' } }]);
    expect(payload.graph_group_id).toBe(4);
    expect(entryPayload(bar, entryValues(bar, null), { editing: true }).values[0].value.value).toBeNull();
  });

  it('previews what the form holds, placeholders replaced', () => {
    const preview = previewPayload(
      bar,
      { ...entryValues(bar, null), name: 'Polska', [valueName(7)]: '1 500,5' },
      '2025',
    );
    expect(preview.name).toBe('Wnioski 2025');
    expect(preview.groups[0].value_title).toBe('W 2025');
    expect(preview.groups[0].entries[0].series).toEqual([[1500.5]]);
  });
});

describe('the name in admin headings', () => {
  it("leaves %RANGE% out instead of showing it raw (the range is the public page's)", () => {
    expect(listedName({ name: 'Wnioski %RANGE% w Polsce' })).toBe('Wnioski w Polsce');
    expect(listedName({ name: 'Umowy' })).toBe('Umowy');
  });
});
