/**
 * A rich-text value holding one paragraph of `text`, in Lexical's editor state as the admin's
 * editor saves it. `format` is Lexical's text format (1: bold, 2: italic).
 */
export const lexicalParagraph = (text: string, format = 0) => ({
  root: {
    type: 'root',
    children: [
      {
        type: 'paragraph',
        children: [
          { type: 'text', text, version: 1, detail: 0, format, mode: 'normal', style: '' },
        ],
        direction: 'ltr',
        format: '',
        indent: 0,
        version: 1,
      },
    ],
    direction: 'ltr',
    format: '',
    indent: 0,
    version: 1,
  },
})
