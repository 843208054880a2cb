import { PRODUCT, TEXT, VERSION } from '@smogpanel/kit';

export function Footer() {
  return (
    <footer className="border-top py-3 mt-4 text-center text-muted small">
      <div>{TEXT.footer}</div>
      <div>{`${PRODUCT} v${VERSION}`}</div>
    </footer>
  );
}
