/**
 * What the functions' bundles give for `postal-mime` (function-sources.ts). Resend's SDK imports
 * it to forward received mail, which the site never does (it only sends); it was 106 KB of every
 * bundle that mails. Should it ever be called, it fails loudly.
 */
export default {
  parse(): never {
    throw new Error(
      'postal-mime is not bundled: the site forwards no received mail (scripts/lib/function-sources.ts).',
    );
  },
};
