// Issue 12: every text a user reads or hears comes from the catalogues (apps/sender/src/locales), so
// that Dutch, French and English stay complete. This rule refuses, in JSX:
// - text between tags that holds a letter: <p>Opslaan</p>;
// - a string or template literal with a letter as a child: <p>{'Opslaan'}</p>;
// - a literal with a letter in an attribute that is read out or shown: aria-label, title, alt,
//   placeholder, label, aria-description, aria-roledescription, aria-valuetext.
// Punctuation, symbols and digits stay allowed ('·', '→', '★', '2'), and so do class names, ids,
// test ids and other attributes no one reads.

const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'aria-placeholder', 'title', 'alt', 'placeholder', 'label']);
const LETTER = /\p{L}/u;

const hasLetter = (text) => LETTER.test(text);
const literalText = (node) => {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? '').join('');
  return null;
};

export const noLiteralText = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      text: 'Literal text in JSX: "{{text}}". Put it in the catalogues (apps/sender/src/locales) and use t().',
      attribute: 'Literal text in the {{name}} attribute: "{{text}}". Put it in the catalogues (apps/sender/src/locales) and use t().',
    },
  },
  create(context) {
    const report = (node, messageId, text, name) => context.report({ node, messageId, data: { text: text.trim().slice(0, 40), name } });
    return {
      JSXText(node) {
        if (hasLetter(node.value)) report(node, 'text', node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type !== 'JSXElement' && node.parent.type !== 'JSXFragment') return;
        const text = literalText(node.expression);
        if (text !== null && hasLetter(text)) report(node, 'text', text);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : `${node.name.namespace.name}:${node.name.name.name}`;
        if (!READ_ATTRIBUTES.has(name) || !node.value) return;
        const text = node.value.type === 'JSXExpressionContainer' ? literalText(node.value.expression) : literalText(node.value);
        if (text !== null && hasLetter(text)) report(node, 'attribute', text, name);
      },
    };
  },
};
