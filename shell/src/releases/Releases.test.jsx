// What the 'Publikacje' screen says of a release's item.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { itemState, stateBadge } from './Releases.jsx';

const ITEM = { kind: 'timer', id: 5, name: 'Licznik', action: 'publish', seq: null, changed: false, problem: null };

describe('itemState', () => {
  it('says an open item is unchanged, changed since prepared, or why it cannot be published', () => {
    const { rerender } = render(<div>{itemState(ITEM, true)}</div>);
    expect(screen.getByText('Bez zmian')).toBeTruthy();
    rerender(<div>{itemState({ ...ITEM, changed: true }, true)}</div>);
    expect(screen.getByText('Zmieniony od przygotowania')).toBeTruthy();
    rerender(<div>{itemState({ ...ITEM, problem: 'element został usunięty.' }, true)}</div>);
    expect(screen.getByText('element został usunięty.')).toBeTruthy();
  });

  it('names the version a published item became, and a withdrawal', () => {
    expect(itemState({ ...ITEM, seq: 3 }, false)).toBe('wersja 3');
    expect(itemState({ ...ITEM, action: 'unpublish' }, false)).toBe('wycofany');
  });

  it('shows the state label', () => {
    render(<div>{stateBadge({ state: 'scheduled', state_label: 'Zaplanowana' })}</div>);
    expect(screen.getByText('Zaplanowana').className).toContain('text-bg-info');
  });
});
