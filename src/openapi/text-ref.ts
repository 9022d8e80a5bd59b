// A $ref to a Markdown, plain text or HTML file: Redocly's habit for long descriptions (it inlines
// the text), where OpenAPI allows no $ref. The file is text, not an OpenAPI or JSON Schema document.
const TEXT_FILE = /\.(?:md|markdown|txt|text|html?)$/i;

/** Whether a $ref's file (a path or URL, with or without its fragment) names a text file. */
export const isTextFile = (location: string): boolean => TEXT_FILE.test(location.split(/[?#]/)[0] ?? '');
