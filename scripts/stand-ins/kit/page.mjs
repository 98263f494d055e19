// The HTML shell of a stand-in's own pages (hosted checkout, Link, dashboards); each stand-in brings its style.

export const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A whole page: `title` is text, `style` a style sheet, `body` markup. */
export const htmlPage = ({ title, style, body }) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head><body>${body}</body></html>`;
