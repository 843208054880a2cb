// The letter's rich-text editor: Tiptap 3 (MIT, self-hosted, no cloud key) with StarterKit
// (which carries Link and Underline), a Polish toolbar, 400 px high, no menu bar (SPEC 5).
// Loaded on demand by the letter form only: the list screens and the public side never load it.
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

const HEIGHT = 400;

// `title` is also the button's name: it holds the visible text ("Nagłówek H2"), so a speech
// user saying what they see reaches it (WCAG 2.5.3, label in name)
function Button({ label, title, active, disabled, onClick }) {
  return (
    <button
      type="button"
      className={`btn btn-sm ${active ? 'btn-secondary' : 'btn-outline-secondary'}`}
      title={title}
      aria-label={title}
      aria-pressed={active ? 'true' : 'false'}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}>
      {label}
    </button>
  );
}

/** http(s) or mailto: the same schemes the server keeps; a bare address gets https://. */
export function linkTarget(text) {
  const value = (text || '').trim();
  if (!value) return '';
  if (/^(https?:\/\/|mailto:)/i.test(value)) return value;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return `mailto:${value}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null; // javascript:, data: ... refused
  return `https://${value}`;
}

function Toolbar({ editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const run = () => editor.chain().focus();
  function setLink() {
    const current = editor.getAttributes('link').href || '';
    const answer = window.prompt('Adres odnośnika (https://…, albo adres e-mail):', current);
    if (answer === null) return;
    const href = linkTarget(answer);
    if (href === null) {
      window.alert('Dozwolone są tylko odnośniki http, https i mailto.');
      return;
    }
    if (!href) run().extendMarkRange('link').unsetLink().run();
    else run().extendMarkRange('link').setLink({ href }).run();
  }
  return (
    // White, not bg-light: the outlined buttons' grey text keeps its 4.5:1 contrast (axe, WCAG 1.4.3)
    <div className="d-flex flex-wrap gap-1 p-1 border-bottom" role="toolbar" aria-label="Formatowanie tekstu">
      <Button
        label={<strong>B</strong>}
        title="Pogrubienie"
        active={state.bold}
        onClick={() => run().toggleBold().run()}
      />
      <Button label={<em>I</em>} title="Kursywa" active={state.italic} onClick={() => run().toggleItalic().run()} />
      <Button
        label={<u>U</u>}
        title="Podkreślenie"
        active={state.underline}
        onClick={() => run().toggleUnderline().run()}
      />
      <Button label={<s>S</s>} title="Przekreślenie" active={state.strike} onClick={() => run().toggleStrike().run()} />
      <Button
        label="H2"
        title="Nagłówek H2"
        active={state.h2}
        onClick={() => run().toggleHeading({ level: 2 }).run()}
      />
      <Button
        label="H3"
        title="Mniejszy nagłówek H3"
        active={state.h3}
        onClick={() => run().toggleHeading({ level: 3 }).run()}
      />
      <Button
        label="• Lista"
        title="Lista punktowana"
        active={state.bullet}
        onClick={() => run().toggleBulletList().run()}
      />
      <Button
        label="1. Lista"
        title="1. Lista numerowana"
        active={state.ordered}
        onClick={() => run().toggleOrderedList().run()}
      />
      <Button label="„Cytat”" title="Cytat" active={state.quote} onClick={() => run().toggleBlockquote().run()} />
      <Button label="Odnośnik" title="Wstaw odnośnik" active={state.link} onClick={setLink} />
      <Button
        label="Usuń odnośnik"
        title="Usuń odnośnik"
        disabled={!state.link}
        onClick={() => run().extendMarkRange('link').unsetLink().run()}
      />
      <Button label="↶" title="Cofnij" disabled={!state.undo} onClick={() => run().undo().run()} />
      <Button label="↷" title="Ponów" disabled={!state.redo} onClick={() => run().redo().run()} />
    </div>
  );
}

/** `value`: the initial HTML; `onChange(html)` on every change. */
export default function RichTextEditor({ id, value, onChange, label }) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['mailto'],
          defaultProtocol: 'https',
          HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
        },
      }),
    ],
    content: value || '',
    editorProps: {
      attributes: {
        id,
        class: 'form-control border-0 rounded-0',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        style: `min-height:${HEIGHT - 48}px;outline:none`,
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  if (!editor) return null;
  return (
    <div
      className="border rounded"
      style={{ height: HEIGHT, display: 'flex', flexDirection: 'column' }}
      data-editor="tiptap">
      <Toolbar editor={editor} />
      <div style={{ overflowY: 'auto', flex: 1 }}>
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
