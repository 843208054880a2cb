// Plugin routes: mounted under the plugin's path, ids numeric, a failing remote contained.
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PluginOutlet, relativeRoutes } from './PluginOutlet.jsx';

const plugin = { name: 'demo', label: 'Demo', path: '/demo', scope: 'smogpanel_demo', module: './routes' };

function Show() {
  const params = useParams();
  return <p>{`pokaz ${params.demoId}`}</p>;
}

const routes = [
  { path: '/demo', element: <p>lista</p> },
  { path: '/demo/:demoId', element: <Show /> },
  { path: 'add', element: <p>dodawanie</p> },
];

function renderAt(path, load) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<p>start</p>} />
        <Route path="/other" element={<p>inny ekran</p>} />
        <Route path="/demo/*" element={<PluginOutlet key="demo" plugin={plugin} load={load} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('relativeRoutes', () => {
  it('makes absolute paths relative to the plugin path and keeps relative ones', () => {
    expect(relativeRoutes(routes, '/demo').map((r) => r.path)).toEqual(['', ':demoId', 'add']);
  });

  it('refuses a path outside the plugin and a module that is not a list', () => {
    expect(() => relativeRoutes([{ path: '/elsewhere' }], '/demo')).toThrow(/poza/);
    expect(() => relativeRoutes([{ path: '/demonstration' }], '/demo')).toThrow(/poza/);
    expect(() => relativeRoutes(() => null, '/demo')).toThrow(/listę tras/);
  });
});

describe('PluginOutlet', () => {
  const load = async () => ({ default: routes });

  it('renders the index and parameter routes of the remote', async () => {
    renderAt('/demo', load);
    expect(await screen.findByText('lista')).toBeTruthy();
  });

  it('passes numeric ids through', async () => {
    renderAt('/demo/12', load);
    expect(await screen.findByText('pokaz 12')).toBeTruthy();
  });

  it('sends a non-numeric id and an unknown path to /', async () => {
    renderAt('/demo/abc', load);
    expect(await screen.findByText('start')).toBeTruthy();
    renderAt('/demo/12/nothing', load);
    await waitFor(() => expect(screen.getAllByText('start')).toHaveLength(2));
  });

  it('shows a Polish error in place of a remote that fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/demo', () => Promise.reject(new Error('404')));
    expect((await screen.findByRole('alert')).textContent).toContain('Nie udało się wczytać modułu „Demo”');
  });

  it('contains a screen that throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('boom');
    };
    renderAt('/demo', async () => ({ default: [{ path: '/demo', element: <Broken /> }] }));
    expect((await screen.findByRole('alert')).textContent).toContain('Demo');
  });
});
