// Navigation from the enabled plugins (in their order) and the user menu. Plain Bootstrap
// markup with a small toggle: react-bootstrap's Navbar/Dropdown would add ~24 KB gzip (Popper).
import { displayName, logout, PRODUCT, supportLink } from '@smogpanel/kit';
import { isSuper } from '../accounts/users.js';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { START } from '../start.js';

/** open/close state that closes on navigation, on Escape and on a click outside `ref`. */
function useToggle() {
  const [open, setOpen] = useState(false);
  const ref = useRef(null);
  const location = useLocation();
  useEffect(() => setOpen(false), [location]);
  useEffect(() => {
    if (!open) return undefined;
    const outside = (event) => ref.current && !ref.current.contains(event.target) && setOpen(false);
    const escape = (event) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('click', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('click', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  return [open, () => setOpen((now) => !now), ref];
}

function UserMenu({ me }) {
  const [open, toggle, ref] = useToggle();
  const support = supportLink({ email: me.email, firstname: me.firstname, lastname: me.lastname });
  return (
    <ul className="navbar-nav">
      <li className="nav-item dropdown user-menu" ref={ref}>
        <button type="button" className="nav-link dropdown-toggle" aria-expanded={open} onClick={toggle}>
          {displayName(me)}
        </button>
        {/* data-bs-popper="static": Bootstrap's CSS places the menu, no Popper needed */}
        <ul className={`dropdown-menu dropdown-menu-end${open ? ' show' : ''}`} data-bs-popper="static">
          <li>
            <Link className="dropdown-item" to="/user/profile">
              Mój profil
            </Link>
          </li>
          <li>
            <Link className="dropdown-item" to="/account">
              Konta użytkowników
            </Link>
          </li>
          {isSuper(me) && (
            <li>
              <Link className="dropdown-item" to="/jobs">
                Zadania
              </Link>
            </li>
          )}
          <li>
            <Link className="dropdown-item" to="/releases">
              Publikacje
            </Link>
          </li>
          <li>
            <Link className="dropdown-item" to="/history">
              Historia zmian
            </Link>
          </li>
          <li>
            <Link className="dropdown-item" to="/publish-requests">
              Prośby o publikację
            </Link>
          </li>
          <li>
            <Link className="dropdown-item" to="/reach">
              Zasięg widżetów
            </Link>
          </li>
          <li>
            <a className="dropdown-item" href={support} target="_blank" rel="noreferrer">
              Wsparcie techniczne
            </a>
          </li>
          <li>
            <hr className="dropdown-divider" />
          </li>
          <li>
            <button type="button" className="dropdown-item" onClick={logout}>
              Wyloguj
            </button>
          </li>
        </ul>
      </li>
    </ul>
  );
}

export function TopBar({ me, plugins }) {
  const [open, toggle, ref] = useToggle();
  return (
    <nav className="navbar navbar-expand-lg navbar-dark bg-dark" aria-label="Główna nawigacja" ref={ref}>
      <div className="container">
        <Link className="navbar-brand" to={START}>
          {PRODUCT}
        </Link>
        <button
          type="button"
          className="navbar-toggler"
          aria-controls="main-nav"
          aria-expanded={open}
          aria-label="Pokaż nawigację"
          onClick={toggle}>
          <span className="navbar-toggler-icon" />
        </button>
        <div id="main-nav" className={`collapse navbar-collapse${open ? ' show' : ''}`}>
          <ul className="navbar-nav me-auto">
            {plugins.map((plugin) => (
              <li className="nav-item" key={plugin.name}>
                <NavLink className="nav-link" to={plugin.path}>
                  {plugin.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <UserMenu me={me} />
        </div>
      </div>
    </nav>
  );
}
