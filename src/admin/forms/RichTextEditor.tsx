import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState } from 'react';
import { describedBy, FieldNotes } from '../../ui/forms/FieldFrame.tsx';

interface RichTextEditorProps {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
}

/**
 * The news item's text (spec §3 Report `text`): TipTap with a small toolbar; its HTML is the
 * value, '' when empty. The server sanitises it before storing.
 */
export function RichTextEditor({ id, label, hint, error, value, onChange, onBlur }: RichTextEditorProps) {
  const labelId = `${id}-label`;
  const description = describedBy(id, hint, error);
  const editorAttributes = {
    id,
    class: 'rich-text__content',
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(description ? { 'aria-describedby': description } : {}),
    ...(error ? { 'aria-invalid': 'true' } : {}),
  };
  const editor = useEditor({
    // The site's CSP allows no runtime <style>: the editor's styles are in admin.css.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: { openOnClick: false, defaultProtocol: 'https' },
      }),
    ],
    content: value,
    editorProps: { attributes: editorAttributes },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur,
  });

  // aria-describedby and aria-invalid follow the error as it comes and goes.
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: editorAttributes } });
  }, [editor, error, hint]);

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      heading: current.isActive('heading', { level: 2 }),
      subheading: current.isActive('heading', { level: 3 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');

  const chain = () => editor.chain().focus();
  const tools = [
    { label: 'Negrita', pressed: active.bold, run: () => chain().toggleBold().run() },
    { label: 'Cursiva', pressed: active.italic, run: () => chain().toggleItalic().run() },
    { label: 'Título', pressed: active.heading, run: () => chain().toggleHeading({ level: 2 }).run() },
    { label: 'Subtítulo', pressed: active.subheading, run: () => chain().toggleHeading({ level: 3 }).run() },
    { label: 'Lista', pressed: active.bulletList, run: () => chain().toggleBulletList().run() },
    { label: 'Lista numerada', pressed: active.orderedList, run: () => chain().toggleOrderedList().run() },
  ];

  const openLink = () => {
    setHref((editor.getAttributes('link').href as string | undefined) ?? '');
    setLinkOpen(true);
  };
  // Not a <form>: it sits inside the news item's form, and forms cannot nest.
  const applyLink = () => {
    const target = href.trim();
    if (target) chain().extendMarkRange('link').setLink({ href: target }).run();
    else chain().extendMarkRange('link').unsetLink().run();
    setLinkOpen(false);
  };

  return (
    <div className={`field rich-text${error ? ' field--error' : ''}`}>
      {/* A contenteditable cannot be a <label>'s control: the label names it through aria-labelledby. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a mouse user's click on the label, as on any label; the keyboard reaches the text by Tab */}
      <p id={labelId} className="field__label" onClick={() => editor.commands.focus()}>
        {label}
      </p>
      <FieldNotes id={id} hint={hint} error={error} />
      <div className="rich-text__toolbar" role="group" aria-label={`Formato de ${label.toLowerCase()}`}>
        {tools.map((tool) => (
          // A mouse press keeps the focus, and so the selection, in the text (a keyboard user's
          // button press gives it back through focus()).
          <button
            key={tool.label}
            type="button"
            className="rich-text__tool"
            aria-pressed={tool.pressed}
            onMouseDown={(event) => event.preventDefault()}
            onClick={tool.run}
          >
            {tool.label}
          </button>
        ))}
        <button
          type="button"
          className="rich-text__tool"
          aria-pressed={active.link}
          aria-expanded={linkOpen}
          onClick={openLink}
        >
          Enlace
        </button>
      </div>
      {linkOpen && (
        <div className="rich-text__link">
          <label htmlFor={`${id}-href`}>Dirección del enlace</label>
          <input
            id={`${id}-href`}
            type="url"
            value={href}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the field the staff member just asked for by pressing Enlace
            autoFocus
            aria-describedby={`${id}-href-hint`}
            onChange={(event) => setHref(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                // Enter would submit the news item's form.
                event.preventDefault();
                applyLink();
              }
              if (event.key === 'Escape') setLinkOpen(false);
            }}
          />
          <p id={`${id}-href-hint`} className="field__hint">
            Déjela en blanco para quitar el enlace.
          </p>
          <div className="form__actions">
            <button type="button" className="button" onClick={applyLink}>
              Aplicar enlace
            </button>
            <button type="button" className="button button--secondary" onClick={() => setLinkOpen(false)}>
              Cancelar
            </button>
          </div>
        </div>
      )}
      <EditorContent editor={editor} className="rich-text__editor" />
    </div>
  );
}
