// Stylelint over src/**/*.css, in `npm run lint` with zero warnings allowed. Layout and spacing
// are Prettier's; these rules are about what the CSS says.
/** @type {import('stylelint').Config} */
export default {
  extends: ['stylelint-config-standard'],
  rules: {
    // Blank lines are Prettier's call, and the stylesheets keep a component's rules together
    // without blank lines between them.
    'rule-empty-line-before': null,
    'comment-empty-line-before': null,
    'at-rule-empty-line-before': null,
    'declaration-empty-line-before': null,
    'custom-property-empty-line-before': null,
    // The class names are BEM: block, __element, --modifier, each in kebab-case. ProseMirror's own
    // classes (the rich-text editor's, styled in the admin) keep the editor's spelling.
    'selector-class-pattern': [
      '^(?:[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:__[a-z0-9]+(?:-[a-z0-9]+)*)?(?:--[a-z0-9]+(?:-[a-z0-9]+)*)?|ProseMirror(?:-[a-z]+)?)$',
      { message: (selector) => `Expected class selector "${selector}" to be BEM in kebab-case` },
    ],
    // The visually hidden texts are clipped with `clip`, as GOV.UK Frontend's and Bootstrap's are:
    // deprecated, yet supported by every browser.
    'property-no-deprecated': [true, { ignoreProperties: ['clip'] }],
  },
};
