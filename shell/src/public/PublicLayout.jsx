// Public layout (/, /forgot-password, /reset-password/:token): brand, the two links and the
// support link; 'Chwileczkę...' until the stored-token check is done; a stored token means
// signed in, so the operator goes to the start of the panel.
import { getToken, PRODUCT, supportLink, TEXT } from '@smogpanel/kit';
import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Footer } from '../Footer.jsx';
import { START } from '../start.js';
import { Waiting } from '../Waiting.jsx';

export function PublicLayout() {
  const navigate = useNavigate();
  const [checked, setChecked] = useState(false);
  useLocation(); // re-render on navigation so the support link carries the current address

  useEffect(() => {
    if (getToken()) navigate(START, { replace: true });
    else setChecked(true);
  }, [navigate]);

  return (
    <div className="d-flex flex-column min-vh-100">
      <nav className="navbar navbar-expand navbar-dark bg-dark" aria-label="Główna nawigacja">
        <div className="container">
          <Link className="navbar-brand" to="/">
            {PRODUCT}
          </Link>
          <ul className="navbar-nav me-auto">
            <li className="nav-item">
              <NavLink className="nav-link" to="/" end>
                Logowanie
              </NavLink>
            </li>
            <li className="nav-item">
              <NavLink className="nav-link" to="/forgot-password">
                Przywracanie hasła
              </NavLink>
            </li>
          </ul>
          <a className="nav-link text-light" href={supportLink()} target="_blank" rel="noreferrer">
            Wsparcie techniczne
          </a>
        </div>
      </nav>
      <main className="container flex-grow-1 py-4">{checked ? <Outlet /> : <Waiting note={TEXT.authCheck} />}</main>
      <Footer />
    </div>
  );
}

/** The frame of a public form: a centred card with the screen's title. */
export function PublicCard({ title, children }) {
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-md-8 col-lg-5">
        <div className="card shadow-sm">
          <div className="card-body">
            <h1 className="h3 mb-3">{title}</h1>
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}
