// Page titles ('parts - joined | Smogpanel v3.8.0') and breadcrumbs, set by every screen.
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT, VERSION } from './config.js';

export const pageTitle = (parts) =>
  [[].concat(parts).filter(Boolean).join(' - '), `${PRODUCT} v${VERSION}`].filter(Boolean).join(' | ');

export function usePageTitle(parts) {
  const title = pageTitle(parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** crumbs: [{label, to?}]; the last one is the current screen. */
export function Breadcrumbs({ crumbs }) {
  return (
    <nav aria-label="Ścieżka">
      <ol className="breadcrumb">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li
              key={index}
              className={last ? 'breadcrumb-item active' : 'breadcrumb-item'}
              aria-current={last ? 'page' : undefined}>
              {crumb.to && !last ? <Link to={crumb.to}>{crumb.label}</Link> : crumb.label}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * A screen's frame: sets the title from the crumbs, shows them, a heading (`heading` or the
 * last crumb) and the header operations (`actions`: [{label, to}] links or any nodes).
 */
export function Page({ crumbs, heading, actions, children }) {
  usePageTitle(crumbs.map((crumb) => crumb.label));
  return (
    <section>
      <Breadcrumbs crumbs={crumbs} />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{heading || crumbs[crumbs.length - 1].label}</h1>
        {actions && actions.length > 0 && (
          <div className="d-flex flex-wrap gap-2">
            {actions.map((action, index) =>
              action && action.to ? (
                <Link key={index} className={`btn btn-sm ${action.variant || 'btn-primary'}`} to={action.to}>
                  {action.label}
                </Link>
              ) : (
                <span key={index}>{action}</span>
              ),
            )}
          </div>
        )}
      </div>
      {children}
    </section>
  );
}
