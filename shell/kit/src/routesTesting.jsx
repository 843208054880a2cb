// Rendering a remote's routes at a path in unit tests, and where the screen went.
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

let location;
function Where() {
  location = useLocation();
  return null;
}

export const where = () => location;

/** `path`: a string, or {pathname, state} for a screen reached with router state. */
export function renderAt(routes, path) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {routes.map((route) => (
          <Route key={route.path} path={route.path} element={route.element} />
        ))}
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}
