// react-bootstrap's Modal (focus trap, Escape, backdrop). Loaded only when a dialog first
// opens: it weighs ~9 KB gzip, which the shell's first load cannot spare.
import Modal from 'react-bootstrap/Modal';

export default function ModalFrame({ show, onHide, title, children, footer, size }) {
  return (
    <Modal show={show} onHide={onHide} size={size} centered aria-labelledby="kit-dialog-title">
      <Modal.Header closeButton closeLabel="Zamknij okno">
        <Modal.Title id="kit-dialog-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      {footer && <Modal.Footer>{footer}</Modal.Footer>}
    </Modal>
  );
}
